import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderNumber, type QuotaDisplay } from '../../../lib/quota';
import { renderCost } from '../../../lib/format';
import type { UsageSeries } from '../lib/aggregate';

/** Totals of the range: consumption, requests, tokens and the average cost of a request. */
export function SummaryCards({ series, display }: { series: UsageSeries; display: QuotaDisplay }) {
  const { t } = useTranslation('detail');
  const { quota, count, tokens } = series.totals;
  const cards = [
    { key: 'quota', value: renderCost(quota, display) },
    { key: 'count', value: renderNumber(count) },
    { key: 'tokens', value: renderNumber(tokens) },
    { key: 'average', value: count ? renderCost(Math.round(quota / count), display) : '-' },
  ];
  return (
    <Row gutter={[12, 12]} data-testid="detail-summary">
      {cards.map((card) => (
        <Col key={card.key} xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t(`summary.${card.key}`)}
              value={card.value}
              styles={{ content: { fontSize: 20 } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
