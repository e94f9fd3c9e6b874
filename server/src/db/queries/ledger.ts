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
