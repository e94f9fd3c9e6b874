import type { Transaction } from 'kysely';
import type { BaseContext } from '../base-context.js';
import type { Database } from '../db/schema/index.js';
import { nowSeconds } from '../lib/time.js';
import { chargeExtra, credit } from './quota.js';
import {
  heldIds,
  inLockOrder,
  planTotals,
  ReservationGone,
  type BalanceMove,
  type Charged,
  type SettlePlan,
} from './settle-plan.js';

type Trx = Transaction<Database>;

/** Rows per INSERT: well under every engine's bound-parameter limit. */
const logsPerInsert = 200;

/**
 * Commits moves inside a Kysely transaction (PostgreSQL, MySQL, and SQLite when its
 * connection is busy): charges extras beyond a reservation one by one (guarded), then applies
 * the planned additions and inserts the log rows. `held` says which reservations still
 * existed; a gone one counts as nothing reserved.
 */
export async function commitMoves(
  trx: Trx,
  moves: BalanceMove[],
  held: (move: BalanceMove) => boolean = () => true,
): Promise<Charged[]> {
  const reservedOf = (move: BalanceMove) => (held(move) ? move.reservation.quota : 0);
  const charged: Charged[] = [];
  for (const move of inLockOrder(moves)) {
    const reserved = reservedOf(move);
    let quota = 0;
    if (move.kind === 'settle') {
      quota =
        move.quota <= reserved
          ? move.quota
          : reserved + (await chargeExtra(trx, move.reservation, move.quota - reserved));
    }
    charged.push({ move, quota });
  }
  await applyPlan(trx, planTotals(charged, reservedOf));
  return charged;
}

async function applyPlan(trx: Trx, plan: SettlePlan): Promise<void> {
  for (const [id, t] of plan.users) {
    if (t.used === 0 && t.count === 0) await credit(trx, 'users', id, t.refund);
    else {
      await trx
        .updateTable('users')
        .set((eb) => ({
          quota: eb('quota', '+', t.refund),
          used_quota: eb('used_quota', '+', t.used),
          request_count: eb('request_count', '+', t.count),
        }))
        .where('id', '=', id)
        .execute();
    }
  }
  for (const [id, t] of plan.tokens) {
    if (t.used === 0 && t.count === 0) await credit(trx, 'tokens', id, t.refund);
    else {
      await trx
        .updateTable('tokens')
        .set((eb) => ({
          remain_quota: eb('remain_quota', '+', t.refund),
          used_quota: eb('used_quota', '+', t.used),
          accessed_time: nowSeconds(),
        }))
        .where('id', '=', id)
        .execute();
    }
  }
  for (const [id, used] of plan.channels) {
    await trx
      .updateTable('channels')
      .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
      .where('id', '=', id)
      .execute();
  }
  for (let i = 0; i < plan.logs.length; i += logsPerInsert) {
    await trx
      .insertInto('logs')
      .values(plan.logs.slice(i, i + logsPerInsert))
      .execute();
  }
}

/** Deletes the reservations of `moves`; throws ReservationGone when one no longer exists. */
export async function deleteReservations(trx: Trx, moves: BalanceMove[]): Promise<void> {
  const ids = heldIds(moves);
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    const result = await trx.deleteFrom('reservations').where('id', 'in', slice).executeTakeFirst();
    if (Number(result.numDeletedRows) !== slice.length) throw new ReservationGone();
  }
}

/** Commits a batch in one Kysely transaction; ReservationGone when a reservation is missing. */
export function commitBatch(
  ctx: Pick<BaseContext, 'db'>,
  moves: BalanceMove[],
): Promise<Charged[]> {
  return ctx.db.transaction().execute(async (trx) => {
    await deleteReservations(trx, moves);
    return commitMoves(trx, moves);
  });
}

/** Commits one move alone; a reservation already gone counts as nothing reserved. */
export function commitOne(ctx: Pick<BaseContext, 'db'>, move: BalanceMove): Promise<Charged[]> {
  return ctx.db.transaction().execute(async (trx) => {
    let exists = true;
    if (move.reservation.quota > 0) {
      const result = await trx
        .deleteFrom('reservations')
        .where('id', '=', move.reservation.id)
        .executeTakeFirst();
      exists = Number(result.numDeletedRows) === 1;
    }
    return commitMoves(trx, [move], () => exists);
  });
}
