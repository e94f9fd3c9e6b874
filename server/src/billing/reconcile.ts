import type { BaseContext } from '../base-context.js';
import { listForeignReservations } from '../db/queries/ledger.js';
import { nowSeconds } from '../lib/time.js';
import { runAsync } from './ledger/program.js';
import { reconcileProgram, replayProgram } from './ledger/relay-moves.js';
import { ReservationGone, type Charged, type Settlement } from './settle-plan.js';

/** Shared-state key that says an instance is alive (refreshed while it runs). */
export const instanceKey = (instanceId: string) => `instance:${instanceId}`;

/**
 * Crash reconciliation: reservations left by processes that are no longer alive are refunded
 * through the ledger (or, when a consume log with that request id exists, the request was
 * settled and the row is just deleted). Each reservation is claimed by deleting its row first,
 * so two instances reconciling at once never refund twice. Returns how many were reconciled.
 */
export async function reconcileReservations(ctx: BaseContext, selfId: string): Promise<number> {
  const rows = await listForeignReservations(ctx.db, selfId);
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
    if (await runAsync(ctx.db, () => reconcileProgram(reservation, nowSeconds()))) done++;
  }
  if (done > 0) ctx.log.warn({ reservations: done }, 'refunded reservations of stopped processes');
  return done;
}

/**
 * Commits the settlements a crash left in the usage journal (SQLite): answers that were
 * delivered, or about to be, before their commit. Each commits in its own transaction unless
 * it was committed before the crash (`replayProgram`). Returns how many were committed.
 */
export async function replaySettlements(
  ctx: BaseContext,
  settlements: Settlement[],
  onCharged: (charged: Charged[]) => void,
): Promise<number> {
  let done = 0;
  for (const settlement of settlements) {
    try {
      const charged = await runAsync(ctx.db, () => replayProgram(settlement, nowSeconds()));
      if (charged.length > 0) {
        onCharged(charged);
        done++;
      }
    } catch (error) {
      if (!(error instanceof ReservationGone)) throw error;
    }
  }
  if (done > 0)
    ctx.log.warn({ settlements: done }, 'committed settlements a stop left in the journal');
  return done;
}
