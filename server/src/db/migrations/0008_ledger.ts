import { sql, type Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

/**
 * The ledger: one row per change of a balance (a user's quota, a user's invitation balance, a
 * key's remaining quota), with the balance after it. Balances that exist when the ledger
 * starts get one `opening` row each, so that every balance is the sum of its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'ledger_entries', 'bigint')
    .addColumn('account', 'varchar(8)', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('delta', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('operator_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_account')
    .on('ledger_entries')
    .columns(['account', 'account_id', 'id'])
    .execute();
  await db.schema.createIndex('ledger_entries_ref').on('ledger_entries').column('ref').execute();

  const now = Math.floor(Date.now() / 1000);
  const opening = (account: string, table: string, column: string) =>
    sql`insert into ledger_entries (account, account_id, delta, balance_after, reason, ref, operator_id, created_at)
        select ${account}, id, ${sql.ref(column)}, ${sql.ref(column)}, 'opening', '', 0, ${now}
        from ${sql.table(table)} where ${sql.ref(column)} <> 0`.execute(db);
  await opening('user', 'users', 'quota');
  await opening('aff', 'users', 'aff_quota');
  await opening('token', 'tokens', 'remain_quota');
}
