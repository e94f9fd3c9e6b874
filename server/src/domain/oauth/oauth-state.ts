import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors.js';
import { randomAlphanumeric } from '../../lib/random.js';

/** How long a visitor has to come back from the provider. */
export const stateTtlSeconds = 10 * 60;

/** What a state carries through the provider round trip. */
export interface OAuthStateData {
  /** Invitation code to credit if the round trip ends in a sign-up. */
  aff: string;
}

const stateKey = (state: string) => `oauth-state:${state}`;

/** Creates a random state, kept server-side for ten minutes with what it carries. */
export async function createOAuthState(ctx: AppContext, data: OAuthStateData): Promise<string> {
  const state = randomAlphanumeric(24);
  await ctx.shared.set(stateKey(state), JSON.stringify(data), stateTtlSeconds);
  return state;
}

/**
 * Checks the state the provider handed back against the one the browser holds (cookie) and
 * the server issued, and uses it up (single use, on any instance). Throws 403
 * `oauth_state_invalid` when it is missing, foreign, expired or used.
 */
export async function takeOAuthState(
  ctx: AppContext,
  state: string | undefined,
  browserState: string | undefined,
): Promise<OAuthStateData> {
  if (!state || !browserState || state !== browserState) throw forbidden('oauth_state_invalid');
  const raw = await ctx.shared.get(stateKey(state));
  if (!raw) throw forbidden('oauth_state_invalid');
  if (!(await ctx.shared.setIfAbsent(`oauth-state-used:${state}`, '1', stateTtlSeconds))) {
    throw forbidden('oauth_state_invalid');
  }
  await ctx.shared.del(stateKey(state));
  const data = JSON.parse(raw) as Partial<OAuthStateData>;
  return { aff: typeof data.aff === 'string' ? data.aff : '' };
}
