import type { PricingItem } from '@gateway/shared';
import { renderNumber, type QuotaDisplay } from './quota';

/** USD per 1M input tokens at model ratio 1 (ratio 1 = $0.002 per 1K tokens). */
export const usdPerMillionAtRatioOne = 2;

/** What one model costs the viewer, in USD: per 1M tokens of each kind, or per call. */
export interface ModelPrices {
  kind: 'ratio' | 'fixed';
  /** Input (prompt) tokens, per 1M. */
  input: number;
  /** Output (completion) tokens, per 1M. */
  completion: number;
  /** One call of a fixed-price model. */
  perCall: number;
  /** Optional per-1M prices that only some models have. */
  cacheRead?: number;
  cacheWrite?: number;
  imageInput?: number;
  audioInput?: number;
  audioOutput?: number;
}

/**
 * Prices per 1M tokens: input at twice the model ratio, completion times the completion
 * ratio, fixed-price models per call; everything times the group and user ratios.
 */
export function modelPrices(item: PricingItem, groupRatio: number, userRatio: number): ModelPrices {
  const factor = groupRatio * userRatio;
  if (item.quota_type === 1) {
    return { kind: 'fixed', input: 0, completion: 0, perCall: item.model_price * factor };
  }
  const input = item.model_ratio * usdPerMillionAtRatioOne * factor;
  const prices: ModelPrices = {
    kind: 'ratio',
    input,
    completion: input * item.completion_ratio,
    perCall: 0,
  };
  if (item.cache_ratio !== undefined) prices.cacheRead = input * item.cache_ratio;
  if (item.create_cache_ratio !== undefined) prices.cacheWrite = input * item.create_cache_ratio;
  if (item.image_ratio !== undefined) prices.imageInput = input * item.image_ratio;
  if (item.audio_ratio !== undefined) {
    prices.audioInput = input * item.audio_ratio;
    prices.audioOutput = prices.audioInput * (item.audio_completion_ratio ?? 1);
  }
  return prices;
}

/** A USD amount with as many decimals as it needs (at most 6), trailing zeros removed. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  const digits = Math.abs(usd) >= 1 ? 2 : Math.abs(usd) >= 0.01 ? 4 : 6;
  return `$${Number(usd.toFixed(digits)).toString()}`;
}

/** A price for display: dollars in currency mode, else the quota it costs (B / M / k). */
export function formatPrice(usd: number, display: QuotaDisplay): string {
  if (display.displayInCurrency) return formatUsd(usd);
  return renderNumber(Math.round(usd * display.quotaPerUnit));
}

/** Models whose name contains the search text (case-insensitive) and that the group serves. */
export function filterModels(
  items: PricingItem[],
  search: string,
  group: string | undefined,
): PricingItem[] {
  const needle = search.trim().toLowerCase();
  return items.filter(
    (item) =>
      (!needle || item.model_name.toLowerCase().includes(needle)) &&
      (!group || item.enable_groups.includes(group)),
  );
}
