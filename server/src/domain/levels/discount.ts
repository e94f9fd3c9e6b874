import type { UserOverrides } from '../users/user-cache.js';
import type { Level } from './level-cache.js';

/** The last discount rounded, for the next request, which nearly always has the same one. */
const last = { base: Number.NaN, extra: Number.NaN, discount: 0 };

/**
 * What a user pays of the list price for a model: their own discount for the model, else
 * their level's price for it, else the level's final discount; times their extra discount.
 */
export function discountFor(level: Level, overrides: UserOverrides, model: string): number {
  const base = overrides.modelDiscounts[model] ?? level.modelPrices[model] ?? level.finalDiscount;
  const extra = overrides.extraDiscount;
  if (base !== last.base || extra !== last.extra) {
    last.base = base;
    last.extra = extra;
    last.discount = Number((base * extra).toFixed(6));
  }
  return last.discount;
}
