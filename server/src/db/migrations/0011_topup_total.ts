import { sql, type Kysely } from 'kysely';

/**
 * The user's accumulated recharge (quota from paid top-ups and redeemed codes), which levels
 * use; existing balances credited by redeemed codes count from their ledger rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('topup_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set topup_quota = coalesce((select sum(delta) from ledger_entries
    where ledger_entries.account = 'user' and ledger_entries.account_id = users.id
    and ledger_entries.reason in ('redeem', 'topup')), 0)`.execute(db);
}
