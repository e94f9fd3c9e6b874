import { updateUserColumns } from '../../db/queries/users.js';
import type { WxPusherBindStatus, WxPusherQrCode } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../errors.js';
import { randomAlphanumeric } from '../../lib/random.js';
import { createQrCode, findScannerUid, requireAppToken } from './wxpusher-api.js';

/** How long a binding QR code works. */
const qrValidSeconds = 10 * 60;
/** WxPusher asks callers not to poll a code more often than every 10 seconds. */
const pollIntervalSeconds = 10;
/** QR codes one user may create per window. */
const qrLimit = { count: 10, windowSeconds: 10 * 60 };

const pendingKey = (userId: number) => `wxpusher-bind:${userId}`;

/**
 * Creates a binding QR code for the user; its `extra` is a random nonce (WxPusher's scan
 * reports are not signed, so the nonce is the proof). A new code replaces the previous one.
 */
export async function createBindQrCode(ctx: AppContext, userId: number): Promise<WxPusherQrCode> {
  requireAppToken(ctx);
  const count = await ctx.shared.hit(`wxpusher-qr:${userId}`, qrLimit.windowSeconds);
  if (count > qrLimit.count) throw tooManyRequests();
  const extra = `bind:${userId}:${randomAlphanumeric(16)}`;
  const qr = await createQrCode(ctx, extra, qrValidSeconds);
  const expiresAt = Math.floor(qr.expires / 1000);
  const ttl = Math.max(1, expiresAt - Math.floor(Date.now() / 1000));
  await ctx.shared.set(pendingKey(userId), JSON.stringify({ code: qr.code, expiresAt }), ttl);
  return { url: qr.url, short_url: qr.shortUrl, expires_at: expiresAt };
}

/**
 * Asks WxPusher (at most every 10 seconds per user) who scanned the user's live QR code and
 * stores that uid on the account for notifications. `expired` means a new code is needed.
 */
export async function checkBindStatus(
  ctx: AppContext,
  userId: number,
): Promise<WxPusherBindStatus> {
  const raw = await ctx.shared.get(pendingKey(userId));
  if (!raw) return { bound: false, expired: true, uid: '' };
  const pending = JSON.parse(raw) as { code: string };
  const polled = await ctx.shared.setIfAbsent(`wxpusher-poll:${userId}`, '1', pollIntervalSeconds);
  if (!polled) return { bound: false, expired: false, uid: '' };
  const uid = await findScannerUid(ctx, pending.code);
  if (!uid) return { bound: false, expired: false, uid: '' };
  await updateUserColumns(ctx.db, userId, { wxpusher_uid: uid });
  await ctx.shared.del(pendingKey(userId));
  return { bound: true, expired: false, uid };
}
