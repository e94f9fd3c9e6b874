import { describe, expect, it } from 'vitest';
import type { UserOverrides } from '../users/user-cache.js';
import { discountFor } from './discount.js';
import type { Level } from './level-cache.js';

const level = (finalDiscount: number, modelPrices: Record<string, number> = {}) =>
  ({ finalDiscount, modelPrices }) as Level;
const overrides = (extraDiscount: number, modelDiscounts: Record<string, number> = {}) =>
  ({ extraDiscount, modelDiscounts }) as UserOverrides;

describe('discountFor', () => {
  it("takes the user's model discount, else the level's model price, else the level's discount", () => {
    const gold = level(0.8, { 'gpt-4o': 0.5 });
    expect(discountFor(gold, overrides(1, { 'gpt-4o': 0.3 }), 'gpt-4o')).toBe(0.3);
    expect(discountFor(gold, overrides(1), 'gpt-4o')).toBe(0.5);
    expect(discountFor(gold, overrides(1), 'gpt-4o-mini')).toBe(0.8);
  });

  it('multiplies by the extra discount, rounded to six places, whatever came before', () => {
    // Alternating inputs: the result of the last call is never handed to a different one.
    for (let i = 0; i < 3; i++) {
      expect(discountFor(level(0.7), overrides(0.9), 'm')).toBe(0.63);
      expect(discountFor(level(0.7), overrides(1), 'm')).toBe(0.7);
      expect(discountFor(level(1 / 3), overrides(1), 'm')).toBe(0.333333);
      expect(discountFor(level(0.7), overrides(0.9), 'm')).toBe(0.63);
      expect(discountFor(level(0.1), overrides(0.2), 'm')).toBe(0.02);
    }
  });
});
