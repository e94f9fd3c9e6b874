import { tieredPrice } from '../../billing/price-tiers.js';
import { cachedPriceModel, isFree, type ModelPricing } from '../../billing/pricing.js';
import { reserveEstimate } from '../../billing/quota-formula.js';
import { modelPriceTiers, preConsumedMaxTokens } from '../../config/settings/groups/billing.js';
import { quotaPerUnit } from '../../config/settings/groups/general.js';
import { budgetTimeZone, preConsumedQuota } from '../../config/settings/groups/quota.js';
import { currentPeriodStart } from '../../lib/budget-period.js';
import { discountFor } from '../../domain/levels/discount.js';
import { markTokenExhausted } from '../../domain/tokens/token-status.js';
import { AppError } from '../../errors.js';
import { CheckFailed } from '../../lib/shared-state.js';
import type { RelayContext } from '../relay-context.js';

/** Endpoints whose answer is generated text, so an uncapped answer reserves the default cap. */
const generative = new Set(['chat', 'completions', 'responses']);

/**
 * What a request costs on one route (a model in a group): the model's price for the caller,
 * and the price tier that applies (`prompt ≥ 200000`, `size = 1792x1024`), if any.
 */
export interface Price {
  /** The price, with the tier applied. */
  pricing: ModelPricing;
  /** The model's price before tiers (settlement tiers it again by the real usage). */
  base: ModelPricing;
  tier: string | null;
}

/**
 * The price of `model` in `group` for this caller (`model_price_unset` when unpriced), with
 * the caller's discount: their own for this model, else their level's, times their extra one.
 */
export function priceOf(rc: RelayContext, model: string, group: string): Price {
  const { caller } = rc;
  const base = cachedPriceModel(rc.ctx.settings, {
    model,
    usingGroup: group,
    userGroup: caller.userGroup,
    userDiscount: discountFor(rc.ctx.levels.get(caller.level), caller.overrides, model),
  });
  return tiered(rc, base, rc.request.promptTokens);
}

/**
 * A price with the model's tiers applied, if it has any: a per-call price by a request field,
 * or the ratios of the prompt-length tier that `promptTokens` reaches (the estimate before the
 * call, the real count at settlement).
 */
function tiered(rc: RelayContext, base: ModelPricing, promptTokens: number): Price {
  const tiers = rc.ctx.settings.get(modelPriceTiers)[base.priceKey];
  if (!tiers) return { pricing: base, base, tier: null };
  const body = 'json' in rc.request.body ? rc.request.body.json : undefined;
  const { pricing, tier } = tieredPrice(base, tiers, body, promptTokens);
  return { pricing, base, tier };
}

/** Makes `price` the request's. */
export function setPrice(rc: RelayContext, price: Price): void {
  rc.pricing = price.pricing;
  rc.basePricing = price.base;
  rc.priceTier = price.tier;
}

/**
 * PRICE: the requested model in the request's group, for this caller. A model without a price
 * that no channel of the group serves either is answered as unknown (404), as the upstream
 * would, rather than as a pricing problem of the operator's.
 */
export function priceRequest(rc: RelayContext): void {
  try {
    setPrice(rc, priceOf(rc, rc.request.model, rc.usingGroup));
  } catch (error) {
    const { model } = rc.request;
    const served = rc.ctx.channels.select({
      group: rc.usingGroup,
      model,
      exclude: new Set(),
      attempt: 0,
    });
    if (error instanceof AppError && error.id === 'model_price_unset' && !served) {
      throw new AppError('model_not_found', { model }, 404);
    }
    throw error;
  }
}

/**
 * Tiers the request's price again by the prompt the upstream really counted (nothing to do,
 * and nothing made, for a model without tiers: most requests).
 */
export function applyPriceTier(rc: RelayContext, promptTokens: number): void {
  if (!rc.ctx.settings.get(modelPriceTiers)[rc.basePricing.priceKey]) return;
  setPrice(rc, tiered(rc, rc.basePricing, promptTokens));
}

/**
 * What a request holds before its upstream call: the full price for a fixed price, else
 * prompt (at least `PreConsumedQuota` tokens) plus the answer cap at the completion ratio.
 * Free requests hold nothing.
 */
export function estimateOf(rc: RelayContext): number {
  const { settings } = rc.ctx;
  const { request, pricing } = rc;
  if (isFree(pricing)) return 0;
  const cap =
    request.maxTokens || (generative.has(rc.endpoint) ? settings.get(preConsumedMaxTokens) : 0);
  return reserveEstimate(
    pricing,
    request.promptTokens,
    cap,
    settings.get(preConsumedQuota),
    settings.get(quotaPerUnit),
    request.calls,
  );
}

/**
 * RESERVE: runs the request's admission checks (its gate) and holds `quota` (the estimate, or a
 * task's whole price) on the user and the key, within their budgets, before the upstream call.
 * A promise only when the hold is not taken at once (see `Billing.reserve`).
 */
export function reserve(rc: RelayContext, quota = estimateOf(rc)): Promise<void> | undefined {
  const { settings } = rc.ctx;
  const { caller } = rc;
  // A price large enough to leave the exact range cannot be held (or charged) exactly.
  if (!Number.isSafeInteger(quota)) throw new AppError('quota_too_large', undefined, 400);
  const token = caller.token;
  rc.reservation = {
    id: rc.requestId,
    userId: caller.userId,
    tokenId: token?.id ?? 0,
    tokenLimited: token !== null && !token.unlimited,
    quota,
    // Set later by SQLite's memory holds; present from the start, every reservation has one
    // shape, and the code that reads them stays monomorphic.
    inMemory: false,
    held: 0,
    onItsWay: false,
  };
  const userBudget = caller.overrides.budget;
  const tokenBudget = token?.budget ?? null;
  if (userBudget || tokenBudget) {
    const zone = settings.get(budgetTimeZone);
    rc.reservation.budget = {
      user: userBudget ? currentPeriodStart(userBudget.period, zone) : null,
      token: tokenBudget ? currentPeriodStart(tokenBudget.period, zone) : null,
    };
    rc.reservation.budgetQuota = {
      user: userBudget?.quota ?? 0,
      token: tokenBudget?.quota ?? 0,
    };
  }
  const gate = rc.gate;
  const holding = rc.ctx.billing.reserve(rc.reservation, gate?.checks);
  if (!holding) {
    if (gate) rc.heldSlots.push(...gate.slots());
    return;
  }
  return holding.then(
    () => {
      if (gate) rc.heldSlots.push(...gate.slots());
    },
    (error: unknown) => {
      rc.reservation = null;
      if (error instanceof CheckFailed) throw gate!.refusal(error.index);
      if (error instanceof AppError && error.id === 'insufficient_token_quota' && token) {
        markTokenExhausted(rc.ctx, token.id).catch(() => undefined);
      }
      throw error;
    },
  );
}
