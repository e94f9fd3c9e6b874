import { sql } from 'kysely';
import type { BaseContext } from '../base-context.js';
import { transactRetrying } from '../db/deadlock.js';
import { pipelineOf } from '../db/client.js';
import { dialectOf } from '../db/dialect.js';
import type { Pipeline } from '../db/pipeline.js';
import { nowSeconds } from '../lib/time.js';
import { record, runAsync, type Program } from './ledger/program.js';
import { chunks, readMoneyStates } from './ledger/statements.js';
import { holdsOnKey, moneyStateOf, type MoneyState } from './redis-holds.js';
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
 * commits them (their rows are locked by then), for the Redis mirrors. A batch whose moves
 * hold nothing in the database is sent whole when the engine can take that (`commitPipelined`),
 * and step by step when it cannot or when sent whole it failed.
 */
export async function commitBatch(
  ctx: Pick<BaseContext, 'db'>,
  moves: BalanceMove[],
  states = false,
): Promise<Committed> {
  const pipeline = pipelineOf(ctx.db);
  if (pipeline && moves.every(holdsNothingWritten)) {
    try {
      return await commitPipelined(pipeline, moves, states);
    } catch {
      // A guard did not hold (a balance short of a charge), a deadlock, a lost connection:
      // nothing was committed, and the program step by step decides each case.
    }
  }
  return runAsync(ctx.db, () =>
    committing(commitProgram(moves, true, nowSeconds()), moves, states),
  );
}

/** A move whose reservation wrote nothing to the database (held in memory or Redis, or 0). */
const holdsNothingWritten = (move: BalanceMove) =>
  move.reservation.inMemory === true || move.reservation.quota <= 0;

/**
 * The batch as one message: the settlement program recorded as if every guard holds (its one
 * branch on results: a balance short of a charge, whose failing statement then ends the
 * transaction), then the reads of the states. Rows are taken in the program's order (users,
 * then keys, then channels, each by id), as step by step.
 */
async function commitPipelined(
  pipeline: Pipeline,
  moves: BalanceMove[],
  withStates: boolean,
): Promise<Committed> {
  const { statements, value: charged } = record(commitProgram(moves, true, nowSeconds()));
  const reads = withStates ? stateReads(moves) : [];
  const results = await pipeline.transact([...statements, ...reads.map((r) => r.statement)]);
  const states = reads.flatMap(({ table }, i) =>
    results[statements.length + i]!.rows.map((row) => moneyStateOf(table, row)),
  );
  return { charged, states };
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
  const states: MoneyState[] = [];
  if (withStates) {
    for (const { table, statement } of stateReads(moves)) {
      for (const row of (yield statement).rows) states.push(moneyStateOf(table, row));
    }
  }
  return { charged, states };
}

/** The reads of the money states of the users and keys of `moves`, by table. */
function stateReads(moves: BalanceMove[]) {
  const ids = {
    users: new Set(moves.map((m) => m.reservation.userId)),
    // Keys that holds count on (an unlimited key without a budget has none).
    tokens: new Set(
      moves
        .map((m) => m.reservation)
        .filter(holdsOnKey)
        .map((r) => r.tokenId),
    ),
  };
  return (['users', 'tokens'] as const).flatMap((table) =>
    [...chunks([...ids[table]].sort((a, b) => a - b))].map((slice) => ({
      table,
      statement: readMoneyStates(table, slice),
    })),
  );
}
