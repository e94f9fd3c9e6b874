import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect.js';
import { runRaw, runRawSync, type RawResult, type RawStatement } from '../../db/raw-statement.js';

/**
 * A money program: the statements of one transaction, written once as a generator that yields
 * each statement and receives its result. `runSync` executes it inside a synchronous
 * better-sqlite3 transaction (microseconds, the relay's SQLite path); `runAsync` through
 * Kysely on any engine. The same program, so the engines cannot drift apart.
 */
export type Program<T> = Generator<RawStatement, T, RawResult>;

/** Runs a program on a better-sqlite3 connection; the caller holds the transaction. */
export function runSync<T>(raw: SQLite.Database, program: Program<T>): T {
  let step = program.next();
  while (!step.done) step = program.next(runRawSync(raw, step.value));
  return step.value;
}

/**
 * Runs a program through Kysely: inside `db` when it is a transaction, else in a transaction
 * of its own. A program that throws rolls its transaction back.
 */
export async function runAsync<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema will do
  db: Kysely<any>,
  program: () => Program<T>,
): Promise<T> {
  if (!db.isTransaction) return db.transaction().execute((trx) => runAsync(trx, program));
  const dialect = dialectOf(db);
  const run = program();
  let step = run.next();
  while (!step.done) step = run.next(await runRaw(db, dialect, step.value));
  return step.value;
}

/**
 * Runs a program without executing anything: each statement is taken as doing what the
 * program expects when nothing goes wrong (it changes its one row; a read finds nothing), and
 * a guarded statement is taken in its failing form; an optional read is left out. Returns the statements, to send as one
 * transaction (`db/pipeline.ts`), and what the program made of those results. Only for a
 * program whose branches on results are all guards, or reads it can do without (see
 * `commitPipelined`): if the transaction commits, every guard held and the result is right.
 */
export function record<T>(program: Program<T>): { statements: RawStatement[]; value: T } {
  const statements: RawStatement[] = [];
  let step = program.next();
  while (!step.done) {
    if (!step.value.optional) statements.push(step.value.failing ?? step.value);
    step = program.next({ changes: 1, rows: [] });
  }
  return { statements, value: step.value };
}

/** Runs a program per item in turn; returns their results. */
export function* eachOf<T, R>(
  items: T[],
  program: (item: T, i: number) => Program<R>,
): Program<R[]> {
  const results: R[] = [];
  for (const [i, item] of items.entries()) results.push(yield* program(item, i));
  return results;
}
