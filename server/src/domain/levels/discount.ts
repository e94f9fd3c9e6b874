import type { UserOverrides } from '../users/user-cache.js';
import type { Level } from './level-cache.js';

/**
 * What a user pays of the list price for a model: their own discount for the model, else
 * their level's price for it, else the level's final discount; times their extra discount.
 */
export function discountFor(level: Level, overrides: UserOverrides, model: string): number {
  const base = overrides.modelDiscounts[model] ?? level.modelPrices[model] ?? level.finalDiscount;
  return Number((base * overrides.extraDiscount).toFixed(6));
}
