import { TokenStatus, UserStatus, type MessageId } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { AppError, forbidden } from '../../errors.js';
import type { CachedToken } from './token-cache.js';
import { checkTokenUsable } from './token-status.js';

/**
 * The one reader of the API keys clients present, for the relay, the task routes and the
 * key's own read-only routes.
 */

/** A key as sent: the 48-character key and the optional pinned channel id. */
export interface PresentedKey {
  key: string;
  channelId: number | null;
}

/** Which client's habits come first: each SDK has its own header. */
export type KeyDialect = 'openai' | 'anthropic' | 'gemini';

/** What a request carries that may hold a key. */
export interface KeySources {
  headers: Record<string, string | string[] | undefined>;
  query?: unknown;
}

function header(from: KeySources, name: string): string | undefined {
  const value = from.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The bearer token of `Authorization`. Midjourney-Proxy clients put the literal
 * `midjourney-proxy` there and the key in `mj-api-secret`; that literal is no key.
 */
function authorization(from: KeySources): string | undefined {
  const value = header(from, 'authorization');
  const token = /^bearer /i.test(value ?? '') ? value!.slice(7).trim() : value?.trim();
  return token === 'midjourney-proxy' ? undefined : token;
}

function queryKey(from: KeySources): string | undefined {
  const key = (from.query as Record<string, unknown> | undefined)?.key;
  return typeof key === 'string' ? key : undefined;
}

/**
 * The key of a request: `Authorization: Bearer`, `x-api-key` (Anthropic clients),
 * `x-goog-api-key` or `?key=` (Gemini clients), `mj-api-secret` (Midjourney-Proxy clients),
 * each dialect's own header first. `sk-<key>-<channel id>` pins a channel (administrators).
 */
export function presentedKey(from: KeySources, dialect: KeyDialect): PresentedKey | null {
  // `||` also skips empty values, so an empty header gives way to the next source.
  const raw =
    dialect === 'gemini'
      ? header(from, 'x-goog-api-key') || queryKey(from) || authorization(from)
      : dialect === 'anthropic'
        ? header(from, 'x-api-key') || authorization(from)
        : authorization(from) ||
          header(from, 'x-api-key') ||
          header(from, 'x-goog-api-key') ||
          header(from, 'mj-api-secret') ||
          queryKey(from);
  if (!raw) return null;
  const body = raw.startsWith('sk-') ? raw.slice(3) : raw;
  const dash = body.indexOf('-');
  if (dash === -1) return { key: body, channelId: null };
  const next = body.indexOf('-', dash + 1);
  const channel = body.slice(dash + 1, next === -1 ? undefined : next);
  return { key: body.slice(0, dash), channelId: /^\d+$/.test(channel) ? Number(channel) : null };
}

/** What a key may do: spend (the relay), or only look at its own usage. */
export type KeyUse = 'spend' | 'read';

/**
 * Why a key cannot be used for `use`, or null when it can. An expired or exhausted key may
 * still read its usage; a disabled one may do nothing.
 */
export function keyRefusal(token: CachedToken, use: KeyUse, now: number): MessageId | null {
  if (use === 'spend') return checkTokenUsable(token, now);
  return token.status === TokenStatus.disabled ? 'token_unavailable' : null;
}

/** Refuses a missing, banned or closed owner of a key. */
export function checkOwnerActive<U extends { status: number }>(
  user: U | null | undefined,
): asserts user is U {
  if (!user) throw new AppError('token_invalid', undefined, 401);
  if (user.status === UserStatus.banned) throw forbidden('user_banned');
  if (user.status !== UserStatus.enabled) throw forbidden('user_closed');
}

/**
 * The key presented to a read-only key route (the key's own logs and balance): it exists, is
 * not disabled, and its owner is active.
 */
export async function findReadingKey(ctx: AppContext, from: KeySources): Promise<CachedToken> {
  const presented = presentedKey(from, 'openai');
  if (!presented) throw new AppError('token_missing', undefined, 401);
  const token = await ctx.tokens.findByKey(presented.key);
  if (!token) throw new AppError('token_invalid', undefined, 401);
  const refusal = keyRefusal(token, 'read', 0);
  if (refusal) throw new AppError(refusal, undefined, 401);
  checkOwnerActive(await ctx.users.get(token.userId));
  return token;
}
