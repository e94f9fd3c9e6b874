import { ChannelStatus, Role } from '@gateway/shared';
import type { FastifyRequest } from 'fastify';
import { isUsableGroup } from '../../domain/groups/usable-groups.js';
import type { CachedToken } from '../../domain/tokens/token-cache.js';
import type { CachedUser } from '../../domain/users/user-cache.js';
import {
  checkOwnerActive,
  keyRefusal,
  presentedKey,
  type KeyDialect,
  type PresentedKey,
} from '../../domain/tokens/presented-key.js';
import { AppError, forbidden } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import type { AppContext } from '../../context.js';
import type { Caller, RelayContext } from '../relay-context.js';
import { gateOf } from './gate.js';

/** The authenticated caller of an API-key request and the group it routes in. */
export interface KeyCaller {
  caller: Caller;
  /** The key's group, else the user's. */
  usingGroup: string;
}

/**
 * Authenticates an API-key request: the key exists and is usable (status, expiry), its
 * owner is enabled, the client IP is allowed, the key's group is still usable, and a pinned
 * channel is used by an admin only. Answers at once, without a promise, when memory knows the
 * key and its owner (every request of a key after its first).
 */
export function authenticateKey(
  ctx: AppContext,
  req: FastifyRequest,
  format: KeyDialect,
): KeyCaller | Promise<KeyCaller> {
  const presented = presentedKey(req, format);
  if (!presented) throw new AppError('token_missing', undefined, 401);
  const token = ctx.tokens.cached(presented.key);
  const user = token ? ctx.users.cached(token.userId) : null;
  if (token === undefined || user === undefined) return loadKeyCaller(ctx, req, presented);
  return keyCaller(ctx, req, presented, token, user);
}

/** `authenticateKey` once the key and its owner are read from the database. */
async function loadKeyCaller(
  ctx: AppContext,
  req: FastifyRequest,
  presented: PresentedKey,
): Promise<KeyCaller> {
  const token = await ctx.tokens.findByKey(presented.key);
  const user = token && (await ctx.users.get(token.userId));
  return keyCaller(ctx, req, presented, token, user);
}

/** The checks of `authenticateKey` on a key and its owner (null: none such). */
function keyCaller(
  ctx: AppContext,
  req: FastifyRequest,
  presented: PresentedKey,
  token: CachedToken | null,
  user: CachedUser | null,
): KeyCaller {
  if (!token) throw new AppError('token_invalid', undefined, 401);
  const unusable = keyRefusal(token, 'spend', nowSeconds());
  if (unusable) throw new AppError(unusable, undefined, 401);
  const ip = req.ip;
  if (token.allowIps && !token.allowIps.matches(ip)) throw forbidden('token_ip_denied', { ip });
  if (token.denyIps?.matches(ip)) throw forbidden('token_ip_denied', { ip });
  checkOwnerActive(user);
  if (presented.channelId !== null) {
    if (user.role < Role.admin) throw forbidden('channel_pin_forbidden');
    const channel = ctx.channels.get(presented.channelId);
    if (!channel) throw new AppError('channel_not_found', undefined, 404);
    if (channel.status !== ChannelStatus.enabled) throw forbidden('channel_disabled');
  }
  const group = token.group;
  if (group && !isUsableGroup(ctx, user, group)) {
    throw forbidden('token_group_unusable', { group });
  }
  return { caller: callerOf(user, token, presented.channelId), usingGroup: group || user.group };
}

/**
 * The pipeline step: authenticates the key and sets `rc.caller` and `rc.usingGroup`; a promise
 * only when the key or its owner had to be read.
 */
export function authenticateCaller(rc: RelayContext): Promise<void> | undefined {
  const known = authenticateKey(rc.ctx, rc.req, rc.format);
  if (known instanceof Promise) return known.then((caller) => setCaller(rc, caller));
  setCaller(rc, known);
}

function setCaller(rc: RelayContext, { caller, usingGroup }: KeyCaller): void {
  rc.caller = caller;
  rc.usingGroup = usingGroup;
}

/** The caller record of a user (and key). */
export function callerOf(user: CachedUser, token: Caller['token'], pinned: number | null): Caller {
  return {
    userId: user.id,
    username: user.username,
    userGroup: user.group,
    level: user.level,
    overrides: user.overrides,
    role: user.role,
    token,
    pinnedChannelId: pinned,
    recordIp: user.setting.record_ip_log === true,
  };
}

/**
 * Per-key checks that need the parsed request: the model restriction, then the key's rate
 * limit (requests per window, counted on every instance through the shared state), which is
 * added to the request's gate.
 */
export function checkKeyLimits(rc: RelayContext): void {
  const token = rc.caller.token;
  if (!token) return;
  if (token.modelLimits && !token.modelLimits.has(rc.request.model)) {
    throw forbidden('token_model_denied', { model: rc.request.model });
  }
  const limit = token.rateLimit;
  if (limit.count > 0 && limit.windowSeconds > 0) {
    gateOf(rc).add(
      { kind: 'hit', key: `rl:key:${token.id}`, limit: limit.count, seconds: limit.windowSeconds },
      () => new RateLimited(limit.message),
    );
  }
}

/** The per-key rate limit was hit; carries the key's own message when it has one. */
export class RateLimited extends AppError {
  constructor(readonly customMessage: string) {
    super('token_rate_limited', undefined, 429);
  }
}
