import { modelFallbacks } from '../../config/settings/groups/operation.js';
import { isUsableGroup } from '../../domain/groups/usable-groups.js';
import { AppError } from '../../errors.js';
import type { RelayContext } from '../relay-context.js';
import { UpstreamFailure } from '../relay-errors.js';
import { shouldRetry } from '../retry-policy.js';
import { CapacityFull } from './admission.js';
import { priceOf, setPrice, type Price } from './price-and-reserve.js';

/**
 * ROUTES: the (model, group) pairs a request may be served in, in order, each with its own
 * price: it is billed for the model that answered, at the group that served.
 */

/** One (model, group) a request may be served in, and what it costs there. */
export interface Route {
  model: string;
  group: string;
  price: Price;
}

/** The price of a fallback route, or null when it has none (that route is left out). */
function priceOrNull(rc: RelayContext, model: string, group: string): Price | null {
  try {
    return priceOf(rc, model, group);
  } catch {
    return null;
  }
}

/**
 * Where a request may be served, in order: its model in the key's group, then in each of
 * the key's fallback groups the user may still use, then root's fallback models for it in
 * the same groups; a route without a price is left out. A pinned channel has one route.
 */
export function routesOf(rc: RelayContext): Route[] {
  const first = {
    model: rc.request.model,
    group: rc.usingGroup,
    price: { pricing: rc.pricing, base: rc.basePricing, tier: rc.priceTier },
  };
  if (rc.caller.pinnedChannelId !== null) return [first];
  const fallbackGroups = rc.caller.token?.fallbackGroups ?? [];
  const fallbackModels = rc.ctx.settings.get(modelFallbacks)[rc.request.model];
  // Most requests have neither: one route, nothing else built.
  if (fallbackGroups.length === 0 && !Array.isArray(fallbackModels)) return [first];
  const user = { group: rc.caller.userGroup, level: rc.caller.level };
  const groups = [
    rc.usingGroup,
    ...fallbackGroups.filter(
      (group) => group !== rc.usingGroup && isUsableGroup(rc.ctx, user, group),
    ),
  ];
  const models = [rc.request.model, ...(Array.isArray(fallbackModels) ? fallbackModels : [])];
  const routes: Route[] = [first];
  for (const model of models) {
    for (const group of groups) {
      if (model === first.model && group === first.group) continue;
      const price = priceOrNull(rc, model, group);
      if (price) routes.push({ model, group, price });
    }
  }
  return routes;
}

/** Moves the request to another of its routes, with that route's price. */
export function moveTo(rc: RelayContext, route: Route, origin: Route): void {
  rc.request.model = route.model;
  rc.usingGroup = route.group;
  setPrice(rc, route.price);
  rc.fallbackFrom = route.model === origin.model ? null : origin.model;
  rc.fallbackGroupFrom = route.group === origin.group ? null : origin.group;
}

/**
 * Whether a failure may be answered on the next route: no channel could serve the route
 * (none left, all full) or the last one failed in a way that retries another channel, and
 * nothing reached the client yet.
 */
export function fallsBack(rc: RelayContext, error: unknown): boolean {
  if (rc.reply.raw.headersSent || rc.outcome.clientGone) return false;
  if (error instanceof CapacityFull) return true;
  if (error instanceof AppError) return error.id === 'no_available_channel';
  if (!(error instanceof UpstreamFailure)) return false;
  const { status, code } = error.error;
  return status === 0 || shouldRetry(status, rc.ctx.settings, { code });
}
