import { CalendarOutlined, GiftOutlined, PercentageOutlined } from '@ant-design/icons';
import type { StatusData } from '@gateway/shared';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { renderQuota, type QuotaDisplay } from '../../../lib/quota';
import { parseDiscounts } from '../lib/guide-content';

/** The benefits the status object reveals: check-in, invitations, top-up discounts. */
export function BenefitCards({
  status,
  display,
}: {
  status: Partial<StatusData>;
  display: QuotaDisplay;
}) {
  const { t } = useTranslation('guide');
  const cards: Array<{ key: string; icon: ReactNode; title: string; body: ReactNode }> = [];
  if (status.enable_checkin) {
    cards.push({
      key: 'checkin',
      icon: <CalendarOutlined />,
      title: t('checkin.title'),
      body: t('checkin.body', {
        min: renderQuota(status.checkin_min_quota ?? 0, display),
        max: renderQuota(status.checkin_max_quota ?? 0, display),
      }),
    });
  }
  if (status.enable_aff) {
    cards.push({ key: 'aff', icon: <GiftOutlined />, title: t('aff.title'), body: t('aff.body') });
  }
  const discounts = parseDiscounts(status.RechargeDiscount);
  if (discounts.length) {
    cards.push({
      key: 'discount',
      icon: <PercentageOutlined />,
      title: t('discount.title'),
      body: (
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {discounts.map((d) => (
            <li key={d.amount}>
              {t('discount.line', {
                amount: d.amount,
                off: Math.round((1 - d.discount) * 1000) / 10,
              })}
            </li>
          ))}
        </ul>
      ),
    });
  }
  if (cards.length === 0) return null;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} md={8}>
          <Card style={{ height: '100%' }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {card.icon} {card.title}
            </Typography.Title>
            <Typography.Paragraph style={{ margin: 0 }}>{card.body}</Typography.Paragraph>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
