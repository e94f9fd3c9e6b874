import { sql } from 'kysely';
import type { BaseContext } from '../base-context.js';
import { transactRetrying } from '../db/deadlock.js';
import { dialectOf } from '../db/dialect.js';
import { nowSeconds } from '../lib/time.js';
import { runAsync } from './ledger/program.js';
import { commitProgram, reserveProgram } from './ledger/relay-moves.js';
import type { Reservation } from './reservation.js';
import type { BalanceMove, Charged } from './settle-plan.js';

/**
 * The relay's ledger programs through Kysely: PostgreSQL, MySQL, and SQLite while a Kysely
 * transaction holds its connection. The same programs as `SqliteMoney`, so the engines agree.
 */

/**
 * RESERVE in a transaction of its own; throws the refusal with nothing changed. A deadlock
 * (MySQL: the reservation's insert against a batch's deletes) rolls the whole transaction back,
 * so it is run again.
 */
export async function reserveQuota(
  ctx: Pick<BaseContext, 'db'>,
  reservation: Reservation,
  instanceId: string,
): Promise<void> {
  const refusal = await transactRetrying(ctx.db, async (trx) => {
    // A hold needs no flush of its own: the settlement that charges a delivered answer commits
    // durably, and PostgreSQL writes its log in order, so the hold is durable by then too; a
    // hold lost in a crash held nothing that was delivered.
    if (dialectOf(trx) === 'postgres') await sql`set local synchronous_commit to off`.execute(trx);
    return runAsync(trx, () => reserveProgram(reservation, instanceId, nowSeconds()));
  });
  if (refusal) throw refusal;
}

/** Commits a batch in one transaction; ReservationGone when a reservation is missing. */
export function commitBatch(
  ctx: Pick<BaseContext, 'db'>,
  moves: BalanceMove[],
): Promise<Charged[]> {
  return runAsync(ctx.db, () => commitProgram(moves, true, nowSeconds()));
}

/** Commits one move alone; a reservation already gone counts as nothing reserved. */
export function commitOne(ctx: Pick<BaseContext, 'db'>, move: BalanceMove): Promise<Charged[]> {
  return runAsync(ctx.db, () => commitProgram([move], false, nowSeconds()));
}
