import type { PricingItem } from '@gateway/shared';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { QuotaDisplay } from '../../../lib/quota';
import { groupColor } from '../../../lib/group-colors';
import { formatPrice, modelPrices, type ModelPrices } from '../../../lib/price';
import { TierTag } from './TierTag';

/** What the columns need besides the row. */
export interface PricingColumnContext {
  t: TFunction<'pricing'>;
  display: QuotaDisplay;
  groupRatio: number;
  userRatio: number;
  /** Models the user's level prices on its own (they replace `userRatio`). */
  modelRatios?: Record<string, number>;
  showRatios: boolean;
}

const extraKinds = ['cacheRead', 'cacheWrite', 'imageInput', 'audioInput', 'audioOutput'] as const;

function ExtraPrices({ prices, ctx }: { prices: ModelPrices; ctx: PricingColumnContext }) {
  const lines = extraKinds.filter((kind) => prices[kind] !== undefined);
  if (lines.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical>
      {lines.map((kind) => (
        <Typography.Text key={kind} style={{ whiteSpace: 'nowrap' }}>
          {ctx.t(`extra.${kind}`)}: {formatPrice(prices[kind] ?? 0, ctx.display)}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** Columns of the pricing table: model, billing kind, groups, prices and (optionally) ratios. */
export function pricingColumns(ctx: PricingColumnContext): ColumnsType<PricingItem> {
  const { t, display } = ctx;
  const prices = (item: PricingItem) =>
    modelPrices(item, ctx.groupRatio, ctx.modelRatios?.[item.model_name] ?? ctx.userRatio);
  const columns: ColumnsType<PricingItem> = [
    {
      key: 'model',
      title: t('columns.model'),
      fixed: 'left',
      render: (_, item) => (
        <Typography.Text
          copyable={{ text: item.model_name }}
          strong
          style={{ whiteSpace: 'nowrap' }}
        >
          {item.model_name}
        </Typography.Text>
      ),
    },
    {
      key: 'kind',
      title: t('columns.kind'),
      render: (_, item) => (
        <Flex gap={4} wrap>
          {item.quota_type === 1 ? (
            <Tag color="purple">{t('kind.fixed')}</Tag>
          ) : (
            <Tag color="blue">{t('kind.ratio')}</Tag>
          )}
          <TierTag item={item} display={display} />
        </Flex>
      ),
    },
    {
      key: 'groups',
      title: t('columns.groups'),
      render: (_, item) => (
        <Flex wrap gap={4}>
          {item.enable_groups.map((group) => (
            <Tag key={group} color={groupColor(group)} style={{ marginInlineEnd: 0 }}>
              {group}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'input',
      title: t('columns.input'),
      align: 'right',
      render: (_, item) => {
        const p = prices(item);
        if (p.kind === 'fixed') {
          return (
            <span data-testid={`price-${item.model_name}`} style={{ whiteSpace: 'nowrap' }}>
              {t('perCall', { price: formatPrice(p.perCall, display) })}
            </span>
          );
        }
        return (
          <span data-testid={`price-${item.model_name}`} style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(p.input, display)}
          </span>
        );
      },
    },
    {
      key: 'completion',
      title: t('columns.completion'),
      align: 'right',
      render: (_, item) => {
        const p = prices(item);
        return p.kind === 'fixed' ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>{formatPrice(p.completion, display)}</span>
        );
      },
    },
    {
      key: 'extra',
      title: t('columns.extra'),
      render: (_, item) => <ExtraPrices prices={prices(item)} ctx={ctx} />,
    },
  ];
  if (ctx.showRatios) {
    columns.push({
      key: 'ratios',
      title: t('columns.ratios'),
      render: (_, item) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          {item.quota_type === 1 ? (
            <span>{t('ratio.price', { value: item.model_price })}</span>
          ) : (
            <>
              <span>{t('ratio.model', { value: item.model_ratio })}</span>
              <span>{t('ratio.completion', { value: item.completion_ratio })}</span>
            </>
          )}
          <span>{t('ratio.group', { value: ctx.groupRatio })}</span>
          {ctx.userRatio !== 1 && <span>{t('ratio.user', { value: ctx.userRatio })}</span>}
        </Flex>
      ),
    });
  }
  return columns;
}
