import { UserStatus, type LoginResult, type OAuthCallbackQuery } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { bindProvider, signInWithProvider } from './external-account.js';
import { takeOAuthState } from './oauth-state.js';
import type { ExternalProfile, ExternalProvider } from './providers.js';

/** Turns an authorization code into the provider's profile of the visitor. */
export type ProfileFetcher = (ctx: AppContext, code: string) => Promise<ExternalProfile>;

/** What the callback found about the browser. */
export interface CallbackCaller {
  /** The state the browser holds (its cookie). */
  browserState: string | undefined;
  /** The signed-in user, if any: the round trip then binds instead of signing in. */
  sessionUserId: number | null;
}

/** How a callback ended: bound to the signed-in account, or signed a visitor in. */
export type OAuthOutcome = { action: 'bind' } | { action: 'login'; user: LoginResult };

/**
 * Finishes an OAuth round trip, in new-api's order: state (403 when wrong), provider switch,
 * provider error, code → token → profile, then bind (signed in) or sign in / sign up.
 */
export async function completeOAuth(
  ctx: AppContext,
  provider: ExternalProvider,
  fetchProfile: ProfileFetcher,
  query: OAuthCallbackQuery,
  caller: CallbackCaller,
): Promise<OAuthOutcome> {
  const state = await takeOAuthState(ctx, query.state, caller.browserState);
  if (!ctx.settings.get(provider.enabled)) throw new AppError(provider.disabledError);
  if (query.error) {
    throw new AppError('oauth_failed', { detail: query.error_description || query.error });
  }
  if (!query.code) throw new AppError('oauth_failed', { detail: 'no authorization code' });
  const profile = await fetchProfile(ctx, query.code);
  if (caller.sessionUserId !== null) {
    const user = await ctx.users.get(caller.sessionUserId);
    if (!user || user.status !== UserStatus.enabled) throw new AppError('user_banned');
    await bindProvider(ctx, provider, user.id, profile.id);
    return { action: 'bind' };
  }
  return { action: 'login', user: await signInWithProvider(ctx, provider, profile, state.aff) };
}
