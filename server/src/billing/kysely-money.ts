import { sql } from 'kysely';
import type { BaseContext } from '../base-context.js';
import { transactRetrying } from '../db/deadlock.js';
import { dialectOf } from '../db/dialect.js';
import { nowSeconds } from '../lib/time.js';
import { runAsync, type Program } from './ledger/program.js';
import { chunks, readMoneyStates } from './ledger/statements.js';
import { moneyStateOf, type MoneyState } from './redis-holds.js';
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

/** What a commit charged, and (when asked for) the states of the rows it moved. */
export interface Committed {
  charged: Charged[];
  states: MoneyState[];
}

/**
 * Commits a batch in one transaction; ReservationGone when a reservation is missing. With
 * `states`, the transaction also reads the money state of every user and key it moved, as it
 * commits them (their rows are locked by then), for the Redis mirrors.
 */
export function commitBatch(
  ctx: Pick<BaseContext, 'db'>,
  moves: BalanceMove[],
  states = false,
): Promise<Committed> {
  return runAsync(ctx.db, () =>
    committing(commitProgram(moves, true, nowSeconds()), moves, states),
  );
}

/** Commits one move alone; a reservation already gone counts as nothing reserved. */
export function commitOne(
  ctx: Pick<BaseContext, 'db'>,
  move: BalanceMove,
  states = false,
): Promise<Committed> {
  return runAsync(ctx.db, () =>
    committing(commitProgram([move], false, nowSeconds()), [move], states),
  );
}

function* committing(
  commit: Program<Charged[]>,
  moves: BalanceMove[],
  withStates: boolean,
): Program<Committed> {
  const charged = yield* commit;
  return { charged, states: withStates ? yield* statesOf(moves) : [] };
}

/** The money states of the users and keys of `moves`, read in the transaction that moved them. */
function* statesOf(moves: BalanceMove[]): Program<MoneyState[]> {
  const ids = {
    users: new Set(moves.map((m) => m.reservation.userId)),
    tokens: new Set(moves.map((m) => m.reservation.tokenId).filter((id) => id > 0)),
  };
  const states: MoneyState[] = [];
  for (const table of ['users', 'tokens'] as const) {
    for (const slice of chunks([...ids[table]].sort((a, b) => a - b))) {
      const { rows } = yield readMoneyStates(table, slice);
      for (const row of rows) states.push(moneyStateOf(table, row));
    }
  }
  return states;
}
