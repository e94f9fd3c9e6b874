import type { PricingItem } from '@gateway/shared';
import { Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuotaDisplay } from '../../../lib/quota';
import { formatPrice } from '../../../lib/price';

type Tier = NonNullable<PricingItem['price_tiers']>[number];

/** One tier in words: from how many prompt tokens which ratios, or which field's price. */
function TierLine({ tier, display }: { tier: Tier; display: QuotaDisplay }) {
  const { t } = useTranslation('pricing');
  if (tier.field !== undefined) {
    return (
      <span>
        {t('tiers.field', {
          field: tier.field,
          value: tier.equals,
          price: formatPrice(tier.model_price ?? 0, display),
        })}
      </span>
    );
  }
  const parts = [
    tier.model_ratio !== undefined && t('ratio.model', { value: tier.model_ratio }),
    tier.completion_ratio !== undefined && t('ratio.completion', { value: tier.completion_ratio }),
    tier.cache_ratio !== undefined && t('tiers.cacheRatio', { value: tier.cache_ratio }),
  ].filter(Boolean);
  return (
    <span>
      {t('tiers.prompt', { count: tier.min_prompt_tokens ?? 0 })}: {parts.join(', ')}
    </span>
  );
}

/** "Tiered" with the model's price tiers in a tooltip; nothing for a model without tiers. */
export function TierTag({ item, display }: { item: PricingItem; display: QuotaDisplay }) {
  const { t } = useTranslation('pricing');
  if (!item.price_tiers?.length) return null;
  return (
    <Tooltip
      title={
        <Flex vertical>
          {item.price_tiers.map((tier) => (
            <TierLine key={tier.label} tier={tier} display={display} />
          ))}
        </Flex>
      }
    >
      <Tag color="gold" data-testid={`tiers-${item.model_name}`} style={{ marginInlineEnd: 0 }}>
        {t('tiers.tag', { count: item.price_tiers.length })}
      </Tag>
    </Tooltip>
  );
}
