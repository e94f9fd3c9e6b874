import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../client.js';
import type { Database } from '../schema/index.js';

/** Which ledger rows a listing covers. */
export interface LedgerWhere {
  account?: string;
  accountId?: number;
  /** The caller's own rows: their `user` and `aff` rows and the rows of their keys. */
  ownerId?: number;
  reason?: string;
  ref?: string;
}

function ledgerWhere(w: LedgerWhere) {
  return (eb: ExpressionBuilder<Database, 'ledger_entries'>) => {
    const all = [];
    if (w.account) all.push(eb('account', '=', w.account));
    if (w.accountId !== undefined) all.push(eb('account_id', '=', w.accountId));
    if (w.reason) all.push(eb('reason', '=', w.reason));
    if (w.ref) all.push(eb('ref', '=', w.ref));
    if (w.ownerId !== undefined) {
      const ownKeys = eb.selectFrom('tokens').select('tokens.id').where('user_id', '=', w.ownerId);
      all.push(
        eb.or([
          eb.and([eb('account', 'in', ['user', 'aff']), eb('account_id', '=', w.ownerId)]),
          eb.and([eb('account', '=', 'token'), eb('account_id', 'in', ownKeys)]),
        ]),
      );
    }
    return eb.and(all);
  };
}

/** One page of ledger rows, newest first, and how many match. */
export async function listLedgerEntries(db: Db, where: LedgerWhere, page: number, size: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .selectAll()
      .where(ledgerWhere(where))
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where(ledgerWhere(where))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The reservations held by other instances than `instanceId` (crash reconciliation). */
export function listForeignReservations(db: Db, instanceId: string) {
  return db.selectFrom('reservations').selectAll().where('instance_id', '!=', instanceId).execute();
}

/**
 * The first ledger id at which rows written at or after `at` begin, found by bisecting the ids
 * (each probe one seek on the primary key). Rows are numbered as they are inserted and carry the
 * time their transaction took, so times grow with ids except among transactions in flight
 * together: when every transaction commits within `slack` seconds, every row written at or after
 * `at` has an id at or above `firstLedgerIdFrom(at - slack)`, and every row written before `at`
 * an id below `firstLedgerIdFrom(at + slack)`. One past the last id when none is that late.
 */
export async function firstLedgerIdFrom(db: Db, at: number): Promise<number> {
  const bounds = await db
    .selectFrom('ledger_entries')
    .select((eb) => [eb.fn.min('id').as('first'), eb.fn.max('id').as('last')])
    .executeTakeFirstOrThrow();
  if (bounds.first === null || bounds.last === null) return 0;
  let low = Number(bounds.first);
  let high = Number(bounds.last) + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const row = await db
      .selectFrom('ledger_entries')
      .select(['id', 'created_at'])
      .where('id', '>=', middle)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row || Number(row.created_at) >= at) high = middle;
    else low = Number(row.id) + 1;
  }
  return low;
}
