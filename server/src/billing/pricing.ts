import {
  audioCompletionRatio,
  audioRatio,
  cacheRatio,
  completionRatio,
  createCacheRatio,
  groupGroupRatio,
  groupRatio,
  imageRatio,
  modelPrice,
  modelRatio,
  selfUseModeEnabled,
} from '../config/settings/groups/billing.js';
import type { Settings } from '../config/settings/store.js';
import { AppError } from '../errors.js';

/** Ratio used for an unpriced model in self-use mode (new-api's fallback). */
export const SELF_USE_FALLBACK_RATIO = 37.5;

/** Who pays for which model: the price depends on the group used and the user's own group. */
export interface PricingInput {
  /** The model name the client asked for (before channel model mapping). */
  model: string;
  /** The group the request is routed in (the key's group, else the user's). */
  usingGroup: string;
  /** The user's own group, for GroupGroupRatio overrides. */
  userGroup: string;
  /** The user's discount multiplier (1 = none; user levels set it later). */
  userDiscount?: number;
}

interface PricingBase {
  /** The requested model. */
  model: string;
  /** The price-table name that matched (the model, or it without a date suffix). */
  priceKey: string;
  /** Group the request is routed and priced in. */
  usingGroup: string;
  /** Effective group ratio (GroupGroupRatio override, else GroupRatio, else 1). */
  groupRatio: number;
  /** The user's discount multiplier. */
  userDiscount: number;
}

/** A token-priced model: every ratio that the formula may use. */
export interface RatioPricing extends PricingBase {
  kind: 'ratio';
  /** USD per 1M input tokens / 2. */
  modelRatio: number;
  /** Output over input price. */
  completionRatio: number;
  /** Cached-input over input price. */
  cacheRatio: number;
  /** 5-minute cache-write over input price (1-hour writes cost 1.6 times that). */
  cacheWriteRatio: number;
  /** Image-input over text-input price; null = image input is billed as text input. */
  imageRatio: number | null;
  /** Audio-input over text-input price; null = audio is billed as text. */
  audioRatio: number | null;
  /** Audio-output over audio-input price. */
  audioCompletionRatio: number;
  /** True when the model had no price and self-use mode supplied the fallback ratio. */
  fallback: boolean;
}

/** A model with a fixed USD price per call. */
export interface FixedPricing extends PricingBase {
  kind: 'fixed';
  /** USD per call. */
  price: number;
}

/** The price of one model for one caller. */
export type ModelPricing = RatioPricing | FixedPricing;

const dateSuffix = /-(\d{4}-\d{2}-\d{2}|\d{8}|latest)$/;

/** The price-table name of a model: itself, else without `-thinking`, else without a date. */
function findPriceKey(
  model: string,
  prices: Record<string, number>,
  ratios: Record<string, number>,
): string | undefined {
  const known = (name: string) => prices[name] !== undefined || ratios[name] !== undefined;
  if (known(model)) return model;
  const base = model.endsWith('-thinking') ? model.slice(0, -'-thinking'.length) : model;
  if (base !== model && known(base)) return base;
  const undated = base.replace(dateSuffix, '');
  return undated !== base && known(undated) ? undated : undefined;
}

/** GroupGroupRatio[userGroup][usingGroup], else GroupRatio[usingGroup], else 1. */
export function effectiveGroupRatio(
  settings: Settings,
  usingGroup: string,
  userGroup: string,
): number {
  const override = settings.get(groupGroupRatio)[userGroup]?.[usingGroup];
  if (override !== undefined) return override;
  return settings.get(groupRatio)[usingGroup] ?? 1;
}

/**
 * Whether a model can be billed: it has a price or a ratio (under its own name, without
 * `-thinking` or a date suffix), or self-use mode bills nothing. Unpriced models are not
 * offered to clients (`/v1/models`), since a call would be refused.
 */
export function hasPrice(settings: Settings, model: string): boolean {
  if (settings.get(selfUseModeEnabled)) return true;
  return findPriceKey(model, settings.get(modelPrice), settings.get(modelRatio)) !== undefined;
}

/**
 * The price of a model for a caller. A fixed price takes precedence over a ratio; an unpriced
 * model is refused with `model_price_unset` unless self-use mode is on.
 */
export function priceModel(settings: Settings, input: PricingInput): ModelPricing {
  const prices = settings.get(modelPrice);
  const ratios = settings.get(modelRatio);
  const priceKey = findPriceKey(input.model, prices, ratios);
  const base: PricingBase = {
    model: input.model,
    priceKey: priceKey ?? input.model,
    usingGroup: input.usingGroup,
    groupRatio: effectiveGroupRatio(settings, input.usingGroup, input.userGroup),
    userDiscount: input.userDiscount ?? 1,
  };
  if (priceKey !== undefined && prices[priceKey] !== undefined) {
    return { ...base, kind: 'fixed', price: prices[priceKey] };
  }
  if (priceKey === undefined && !settings.get(selfUseModeEnabled)) {
    throw new AppError('model_price_unset', { model: input.model }, 400);
  }
  const key = base.priceKey;
  return {
    ...base,
    kind: 'ratio',
    modelRatio: priceKey === undefined ? SELF_USE_FALLBACK_RATIO : ratios[key],
    completionRatio: settings.get(completionRatio)[key] ?? 1,
    cacheRatio: settings.get(cacheRatio)[key] ?? 1,
    cacheWriteRatio: settings.get(createCacheRatio)[key] ?? 1,
    imageRatio: settings.get(imageRatio)[key] ?? null,
    audioRatio: settings.get(audioRatio)[key] ?? null,
    audioCompletionRatio: settings.get(audioCompletionRatio)[key] ?? 1,
    fallback: priceKey === undefined,
  };
}

/** Whether the caller pays nothing for this model (ratio, price or group ratio of 0). */
export function isFree(p: ModelPricing): boolean {
  const rate = p.kind === 'fixed' ? p.price : p.modelRatio;
  return rate === 0 || p.groupRatio === 0 || p.userDiscount === 0;
}

interface CachedPrice {
  usingGroup: string;
  userGroup: string;
  userDiscount: number;
  pricing: ModelPricing;
}

/** The prices of each model by (group, user group, discount), computed at one settings version. */
interface PriceCache {
  version: number;
  byModel: Map<string, CachedPrice[]>;
}

const priceCaches = new WeakMap<Settings, PriceCache>();

/** Prices kept per model (groups × discounts in use); past it the model's list starts over. */
const maxPricesPerModel = 64;
/** Models kept; past it the cache starts over. */
const maxModels = 10_000;

/**
 * `priceModel` with a per-process memo: the price of a (model, group, user group, discount)
 * is computed once and reused until a setting changes (any setting: changes are rare, and one
 * number tells). Found by the model, then among its few prices by comparison, so no key text
 * is built per request. Unpriced models are not cached.
 */
export function cachedPriceModel(settings: Settings, input: PricingInput): ModelPricing {
  let cache = priceCaches.get(settings);
  if (!cache || cache.version !== settings.version) {
    cache = { version: settings.version, byModel: new Map() };
    priceCaches.set(settings, cache);
  }
  const discount = input.userDiscount ?? 1;
  let prices = cache.byModel.get(input.model);
  if (prices) {
    for (const hit of prices) {
      if (
        hit.usingGroup === input.usingGroup &&
        hit.userGroup === input.userGroup &&
        hit.userDiscount === discount
      ) {
        return hit.pricing;
      }
    }
  }
  const pricing = priceModel(settings, input);
  if (!prices || prices.length >= maxPricesPerModel) {
    if (cache.byModel.size >= maxModels) cache.byModel.clear();
    cache.byModel.set(input.model, (prices = []));
  }
  prices.push({
    usingGroup: input.usingGroup,
    userGroup: input.userGroup,
    userDiscount: discount,
    pricing,
  });
  return pricing;
}
