import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../client.js';
import type { AgentDividendsTable, AgentsTable, WithdrawalsTable } from '../schema/index.js';

export type AgentRow = Selectable<AgentsTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

export function findAgent(db: Db, userId: number): Promise<AgentRow | undefined> {
  return db.selectFrom('agents').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertAgent(db: Db, row: Insertable<AgentsTable>): Promise<void> {
  await db.insertInto('agents').values(row).execute();
}

/** Agents (or applications) with their names, user counts and dividends, newest first. */
export async function listAgents(db: Db, status: string | undefined, page: number, size: number) {
  let query = db.selectFrom('agents').innerJoin('users', 'users.id', 'agents.user_id');
  if (status) query = query.where('agents.status', '=', status);
  const [rows, count] = await Promise.all([
    query
      .selectAll('agents')
      .select(['users.username', 'users.role'])
      .select((eb) => [
        eb
          .selectFrom('users as invited')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('invited.inviter_id', '=', 'agents.user_id')
          .as('users_count'),
        eb
          .selectFrom('agent_dividends')
          .select((e) => e.fn.coalesce(e.fn.sum<number | string>('quota'), e.lit(0)).as('s'))
          .whereRef('agent_dividends.agent_id', '=', 'agents.user_id')
          .as('dividends'),
      ])
      .orderBy('agents.applied_at', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Moves an agent from one of `from` to a new state with new terms; true when it moved. */
export async function updateAgent(
  db: Db,
  userId: number,
  from: readonly string[],
  values: { status: string; rate: number; basis: string; reviewer_id: number; reviewed_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('agents')
    .set(values)
    .where('user_id', '=', userId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Active agents with their terms. */
export function activeAgents(db: Db) {
  return db
    .selectFrom('agents')
    .select(['user_id', 'rate', 'basis', 'reviewed_at'])
    .where('status', '=', 'active')
    .execute();
}

/** The days already settled for an agent from `from` on. */
export async function settledPeriods(db: Db, agentId: number, from: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('agent_dividends')
    .select('period')
    .where('agent_id', '=', agentId)
    .where('period', '>=', from)
    .execute();
  return new Set(rows.map((r) => r.period));
}

/**
 * The net of the ledger rows with one of `reasons` on the balances (`user` account) of the
 * users an agent invited, written in [from, to).
 */
export async function invitedLedgerNet(
  db: Db,
  agentId: number,
  reasons: readonly string[],
  from: number,
  to: number,
): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .innerJoin('users', 'users.id', 'ledger_entries.account_id')
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number | string>('ledger_entries.delta'), eb.lit(0)).as('s'),
    )
    .where('ledger_entries.account', '=', 'user')
    .where('users.inviter_id', '=', agentId)
    .where('ledger_entries.reason', 'in', [...reasons])
    .where('ledger_entries.created_at', '>=', from)
    .where('ledger_entries.created_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.s);
}

/** Users an agent brought, newest first. */
export async function listInvitedUsers(db: Db, agentId: number, page: number, size: number) {
  const base = db.selectFrom('users').where('inviter_id', '=', agentId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'username', 'created_at', 'used_quota', 'topup_quota'])
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Totals of the users an agent brought. */
export async function invitedTotals(db: Db, agentId: number) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('used_quota'), eb.lit(0)).as('used'),
      eb.fn.coalesce(eb.fn.sum<number | string>('topup_quota'), eb.lit(0)).as('topup'),
    ])
    .where('inviter_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return { used: Number(row.used), topup: Number(row.topup) };
}

export function listDividends(db: Db, agentId: number, page: number, size: number) {
  const base = db.selectFrom('agent_dividends').where('agent_id', '=', agentId);
  return Promise.all([
    base
      .selectAll()
      .orderBy('period', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
}

export async function insertWithdrawal(db: Db, row: Insertable<WithdrawalsTable>): Promise<number> {
  const result = await db.insertInto('withdrawals').values(row).executeTakeFirst();
  if (result.insertId !== undefined) return Number(result.insertId);
  const made = await db
    .selectFrom('withdrawals')
    .select('id')
    .where('agent_id', '=', row.agent_id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return made.id;
}

export function findWithdrawal(db: Db, id: number): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Withdrawals (one agent's, or all), with the agents' names, newest first. */
export async function listWithdrawals(
  db: Db,
  filter: { agentId?: number; status?: string },
  page: number,
  size: number,
) {
  let query = db.selectFrom('withdrawals').innerJoin('users', 'users.id', 'withdrawals.agent_id');
  if (filter.agentId !== undefined)
    query = query.where('withdrawals.agent_id', '=', filter.agentId);
  if (filter.status) query = query.where('withdrawals.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll('withdrawals')
      .select(['users.username', 'users.role'])
      .orderBy('withdrawals.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Moves a pending withdrawal to `paid` or `rejected`; true when this call moved it. */
export async function closeWithdrawal(
  db: Db,
  id: number,
  values: { status: string; reason: string; reviewer_id: number; reviewed_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('withdrawals')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many users an agent brought and the dividends credited to them in total. */
export async function agentCounts(db: Db, agentId: number) {
  const [users, dividends] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('inviter_id', '=', agentId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('agent_dividends')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('quota'), eb.lit(0)).as('s'))
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.n), dividends: Number(dividends.s) };
}

/** A rejected applicant applies again: back to `pending` with the new contact and note. */
export async function reapplyAgent(
  db: Db,
  userId: number,
  values: { contact: string; note: string; applied_at: number },
): Promise<void> {
  await db
    .updateTable('agents')
    .set({ status: 'pending', ...values })
    .where('user_id', '=', userId)
    .where('status', '=', 'rejected')
    .execute();
}

/** Inserts an agent's dividend of one day (unique per agent and day). */
export async function insertDividend(db: Db, row: Insertable<AgentDividendsTable>): Promise<void> {
  await db.insertInto('agent_dividends').values(row).execute();
}
