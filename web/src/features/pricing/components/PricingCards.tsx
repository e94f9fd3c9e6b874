import type { PricingItem } from '@gateway/shared';
import { Card, Descriptions, Empty, Flex, Pagination, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuotaDisplay } from '../../../lib/quota';
import { groupColor } from '../../../lib/group-colors';
import { formatPrice, modelPrices } from '../../../lib/price';
import { TierTag } from './TierTag';

const extraKinds = ['cacheRead', 'cacheWrite', 'imageInput', 'audioInput', 'audioOutput'] as const;
const pageSize = 10;

/** The price list as cards, for narrow screens where a wide table would hide the prices. */
export function PricingCards({
  items,
  display,
  groupRatio,
  userRatio,
  modelRatios,
}: {
  items: PricingItem[];
  display: QuotaDisplay;
  groupRatio: number;
  userRatio: number;
  /** Models the user's level prices on its own (they replace `userRatio`). */
  modelRatios?: Record<string, number>;
}) {
  const { t } = useTranslation('pricing');
  const [page, setPage] = useState(1);
  if (items.length === 0) return <Empty description={t('empty')} />;
  const shown = items.slice((page - 1) * pageSize, page * pageSize);
  return (
    <Flex vertical gap={12} data-testid="pricing-cards">
      {shown.map((item) => {
        const p = modelPrices(item, groupRatio, modelRatios?.[item.model_name] ?? userRatio);
        const rows =
          p.kind === 'fixed'
            ? [
                {
                  key: 'call',
                  label: t('columns.input'),
                  children: t('perCall', { price: formatPrice(p.perCall, display) }),
                },
              ]
            : [
                { key: 'in', label: t('columns.input'), children: formatPrice(p.input, display) },
                {
                  key: 'out',
                  label: t('columns.completion'),
                  children: formatPrice(p.completion, display),
                },
                ...extraKinds
                  .filter((kind) => p[kind] !== undefined)
                  .map((kind) => ({
                    key: kind,
                    label: t(`extra.${kind}`),
                    children: formatPrice(p[kind] ?? 0, display),
                  })),
              ];
        return (
          <Card key={item.model_name} size="small">
            <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 8 }}>
              <Typography.Text strong copyable={{ text: item.model_name }}>
                {item.model_name}
              </Typography.Text>
              <Flex gap={4}>
                <Tag
                  color={item.quota_type === 1 ? 'purple' : 'blue'}
                  style={{ marginInlineEnd: 0 }}
                >
                  {t(item.quota_type === 1 ? 'kind.fixed' : 'kind.ratio')}
                </Tag>
                <TierTag item={item} display={display} />
              </Flex>
            </Flex>
            <Descriptions size="small" column={1} items={rows} />
            <Flex wrap gap={4} style={{ marginTop: 8 }}>
              {item.enable_groups.map((group) => (
                <Tag key={group} color={groupColor(group)} style={{ marginInlineEnd: 0 }}>
                  {group}
                </Tag>
              ))}
            </Flex>
          </Card>
        );
      })}
      {items.length > pageSize && (
        <Pagination
          simple
          current={page}
          pageSize={pageSize}
          total={items.length}
          onChange={setPage}
          style={{ alignSelf: 'center' }}
        />
      )}
    </Flex>
  );
}
