import { LogType } from '@gateway/shared';
import type { BaseContext } from '../base-context.js';
import { nowSeconds } from '../lib/time.js';
import { creditReservation } from './quota.js';

/** Shared-state key that says an instance is alive (refreshed while it runs). */
export const instanceKey = (instanceId: string) => `instance:${instanceId}`;

/**
 * Crash reconciliation: reservations left by processes that are no longer alive are refunded
 * (or, when a log row with that request id exists, the request was settled and the row is
 * just deleted). Each reservation is claimed by deleting its row first, so two instances
 * reconciling at once never refund twice. Returns how many reservations were reconciled.
 */
export async function reconcileReservations(ctx: BaseContext, selfId: string): Promise<number> {
  const rows = await ctx.db
    .selectFrom('reservations')
    .selectAll()
    .where('instance_id', '!=', selfId)
    .execute();
  const alive = new Map<string, boolean>();
  let done = 0;
  for (const row of rows) {
    let live = alive.get(row.instance_id);
    if (live === undefined) {
      live =
        row.instance_id !== '' && (await ctx.shared.get(instanceKey(row.instance_id))) !== null;
      alive.set(row.instance_id, live);
    }
    if (live) continue;
    const reservation = {
      id: row.id,
      userId: row.user_id,
      tokenId: row.token_id,
      tokenLimited: row.token_limited === 1,
      quota: Number(row.quota),
    };
    const reconciled = await ctx.db.transaction().execute(async (trx) => {
      const claim = await trx
        .deleteFrom('reservations')
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (Number(claim.numDeletedRows) !== 1) return false;
      const settled = await trx
        .selectFrom('logs')
        .select('id')
        .where('request_id', '=', row.id)
        .where('type', '=', LogType.consume)
        .executeTakeFirst();
      if (settled) return true;
      await creditReservation(trx, reservation, reservation.quota);
      await trx
        .insertInto('logs')
        .values({
          user_id: row.user_id,
          created_at: nowSeconds(),
          type: LogType.refund,
          content: `Refunded ${reservation.quota} quota held by request ${row.id}, which did not finish before its process stopped`,
          token_id: row.token_id,
          request_id: row.id,
          quota: 0,
          other: JSON.stringify({ refunded_quota: reservation.quota, reason: 'reconcile' }),
        })
        .execute();
      return true;
    });
    if (reconciled) done++;
  }
  if (done > 0) ctx.log.warn({ reservations: done }, 'refunded reservations of stopped processes');
  return done;
}
