import { minorDigits } from '@gateway/shared';
/**
 * The price of a top-up: what the buyer pays for `amount` USD of quota through one gateway.
 * Money is counted in whole minor units of the payment currency (cents, fen) and rounded
 * once; the quota credited is fixed here and stored on the order, never recomputed.
 */

/** The most one order may buy; a larger amount is refused (`topup_amount_too_large`). */
export const maxTopUpAmount = 1_000_000;

/** The fee and conversion of one gateway. */
export interface GatewayPricing {
  /** USD per payment. */
  fixedFee: number;
  /** Fraction of the price (0.05 = 5 %). */
  percentFee: number;
  /** Payment currency per USD. */
  currencyRate: number;
  currency: string;
}

export interface Quote {
  amount: number;
  /** The recharge discount applied (1 = none). */
  discount: number;
  currency: string;
  /** The discounted price before fees, in minor units. */
  priceMinor: number;
  /** The gateway's fees, in minor units. */
  feeMinor: number;
  /** What the buyer pays, in minor units. */
  moneyMinor: number;
  /** Quota credited once paid. */
  quota: number;
}

/**
 * The discount for an amount: the `RechargeDiscount` tier with the largest threshold not
 * above it (`{"100": 0.95, "500": 0.9}`: 0.95 from 100, 0.9 from 500), else 1.
 */
export function discountFor(amount: number, tiers: Record<string, number>): number {
  let best = 1;
  let bestAt = -1;
  for (const [at, discount] of Object.entries(tiers)) {
    const threshold = Number(at);
    if (Number.isFinite(threshold) && threshold <= amount && threshold > bestAt) {
      best = discount;
      bestAt = threshold;
    }
  }
  return best;
}

/** `value` (in major units) in minor units, rounded half up. */
function toMinor(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale + 1e-7);
}

/** Prices `amount` USD through a gateway. */
export function quoteTopUp(
  amount: number,
  tiers: Record<string, number>,
  gateway: GatewayPricing,
  quotaPerUnit: number,
): Quote {
  const digits = minorDigits(gateway.currency);
  const discount = discountFor(amount, tiers);
  const price = amount * discount * gateway.currencyRate;
  const priceMinor = toMinor(price, digits);
  const moneyMinor = toMinor(
    price * (1 + gateway.percentFee) + gateway.fixedFee * gateway.currencyRate,
    digits,
  );
  return {
    amount,
    discount,
    currency: gateway.currency,
    priceMinor,
    feeMinor: moneyMinor - priceMinor,
    moneyMinor,
    quota: Math.round(amount * quotaPerUnit),
  };
}
