import { add, decimal, mul, roundHalfUp, shift, type Decimal } from '../../lib/decimal.js';
import type { CurrencyUnits } from './providers/provider.js';
/**
 * The price of a top-up: what the buyer pays for `amount` USD of quota through one gateway.
 * Money is counted in whole minor units of the payment currency as the gateway's provider
 * counts them (cents, fen; Stripe's hundredths of a króna) and rounded once, in exact decimal
 * arithmetic; the quota credited is fixed here and stored on the order, never recomputed.
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
  /** How the gateway's provider counts that currency. */
  units: CurrencyUnits;
}

export interface Quote {
  amount: number;
  /** The recharge discount applied (1 = none). */
  discount: number;
  currency: string;
  /** Decimals of the minor units below. */
  digits: number;
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

/**
 * `value` (major units) in minor units, rounded half up to the places a price may have: KWD
 * at Stripe rounds to hundredths and is written in thousandths (`5.124` → `5120`).
 */
function toMinor(value: Decimal, units: CurrencyUnits): number {
  const rounded = roundHalfUp(shift(value, units.places));
  return rounded * 10 ** (units.digits - units.places);
}

/** Prices `amount` USD through a gateway. */
export function quoteTopUp(
  amount: number,
  tiers: Record<string, number>,
  gateway: GatewayPricing,
  quotaPerUnit: number,
): Quote {
  const discount = discountFor(amount, tiers);
  const rate = decimal(gateway.currencyRate);
  const price = mul(decimal(amount), decimal(discount), rate);
  const money = add(
    mul(price, add(decimal(1), decimal(gateway.percentFee))),
    mul(decimal(gateway.fixedFee), rate),
  );
  const priceMinor = toMinor(price, gateway.units);
  const moneyMinor = toMinor(money, gateway.units);
  return {
    amount,
    discount,
    currency: gateway.currency,
    digits: gateway.units.digits,
    priceMinor,
    feeMinor: moneyMinor - priceMinor,
    moneyMinor,
    quota: roundHalfUp(mul(decimal(amount), decimal(quotaPerUnit))),
  };
}
