import { markTokenExhaustedIfEmpty } from '../../db/queries/tokens.js';
import { TokenStatus, type MessageId } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';

/** What decides whether a key is usable. */
export interface TokenState {
  status: number;
  /** Unix seconds, -1 = never. */
  expiredTime: number;
}

/** Whether a key's expiry has passed. */
export const isExpired = (expiredTime: number, now: number) =>
  expiredTime !== -1 && expiredTime <= now;

/** Whether a key with a cap of its own has nothing left. */
export const isExhausted = (remainQuota: number, unlimited: boolean) =>
  !unlimited && remainQuota <= 0;

/**
 * Why a key cannot be used now, or null when it can. The remaining quota is not checked here
 * (the cache may be stale): the relay's atomic reserve enforces it.
 */
export function checkTokenUsable(token: TokenState, now: number): MessageId | null {
  if (token.status === TokenStatus.expired) return 'token_expired';
  if (token.status === TokenStatus.exhausted) return 'token_exhausted';
  if (token.status !== TokenStatus.enabled) return 'token_unavailable';
  if (isExpired(token.expiredTime, now)) return 'token_expired';
  return null;
}

/** A key's values after an edit, as far as the state depends on them. */
export interface TokenEdit {
  storedStatus: number;
  /** 1 or 2 to set; undefined, 3 or 4 keep the state. */
  requestedStatus?: number;
  expiredTime: number;
  expiryChanged: boolean;
  remainQuota: number;
  unlimited: boolean;
}

/**
 * The state after an edit. Expired and exhausted keys stay so until the caller asks for
 * state 1 with a valid expiry and quota; a key whose expiry has passed becomes expired.
 */
export function nextTokenStatus(edit: TokenEdit, now: number): number {
  if (edit.expiryChanged && isExpired(edit.expiredTime, now)) {
    throw new AppError('token_expiry_in_past');
  }
  const expired = isExpired(edit.expiredTime, now);
  if (edit.requestedStatus === TokenStatus.disabled) return TokenStatus.disabled;
  if (edit.requestedStatus === TokenStatus.enabled && edit.storedStatus !== TokenStatus.enabled) {
    const stillExhausted =
      edit.storedStatus === TokenStatus.exhausted && isExhausted(edit.remainQuota, edit.unlimited);
    if (expired || stillExhausted) throw new AppError('token_cannot_enable');
    return TokenStatus.enabled;
  }
  if (edit.storedStatus === TokenStatus.enabled && expired) return TokenStatus.expired;
  return edit.storedStatus;
}

/**
 * Marks a key exhausted (state 4) once its remaining quota has reached 0; billing calls it
 * after settling. Guarded, so a key refilled meanwhile stays enabled. Returns whether it
 * changed.
 */
export async function markTokenExhausted(ctx: AppContext, id: number): Promise<boolean> {
  const changed = await markTokenExhaustedIfEmpty(ctx.db, id);
  if (changed) await ctx.tokens.invalidate([id]);
  return changed;
}
