import type { Insertable, Selectable, Updateable } from 'kysely';
import { Role, UserStatus } from '@gateway/shared';
import type { Db } from '../client.js';
import { dialectOf } from '../dialect.js';
import { lowerContains } from '../like.js';
import type { UsersTable } from '../schema/index.js';

/** Columns any user view may show: never the password hash or the access token. */
export const userViewColumns = [
  'id',
  'username',
  'display_name',
  'role',
  'status',
  'email',
  'github_id',
  'linuxdo_id',
  'wechat_id',
  'wxpusher_uid',
  'quota',
  'used_quota',
  'topup_quota',
  'request_count',
  'group',
  'level',
  'concurrency_limit',
  'tpm_limit',
  'budget_period',
  'budget_quota',
  'budget_used',
  'budget_start',
  'extra_discount',
  'model_discounts',
  'aff_code',
  'aff_count',
  'aff_quota',
  'aff_history_quota',
  'inviter_id',
  'language',
  'remark',
  'created_at',
  'last_login_at',
] as const;

/** Inserts a user and returns its id (MySQL has no RETURNING). */
export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<number> {
  const insert = db.insertInto('users').values(values);
  if (dialectOf(db) === 'postgres') {
    const row = await insert.returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  const result = await insert.executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** A user that is not closed out, as views show it. */
export function findUserView(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(userViewColumns)
    .where('id', '=', id)
    .where('status', '!=', UserStatus.closed)
    .executeTakeFirst();
}

/** What signing in needs, matched by username first and then by e-mail. */
export async function findLoginCandidate(db: Db, login: string) {
  const columns = ['id', 'username', 'display_name', 'role', 'status', 'group'] as const;
  const base = db
    .selectFrom('users')
    .select([...columns, 'password_hash'])
    .where('status', '!=', UserStatus.closed);
  return (
    (await base.where('username', '=', login).executeTakeFirst()) ??
    (login.includes('@') ? await base.where('email', '=', login).executeTakeFirst() : undefined)
  );
}

/** Whether a username is used by any account (closed ones keep theirs), except `exceptId`. */
export async function isUsernameTaken(db: Db, username: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether an e-mail address belongs to another live account. */
export async function isEmailTaken(db: Db, email: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', exceptId)
    .where('status', '!=', UserStatus.closed)
    .executeTakeFirst();
  return row !== undefined;
}

/** The id of the live user whose own invitation code is `affCode`. */
export async function findInviterId(db: Db, affCode: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('aff_code', '=', affCode)
    .where('status', '!=', UserStatus.closed)
    .executeTakeFirst();
  return row?.id;
}

/** Filters of the admin user list. */
export interface UserListFilter {
  page: number;
  pageSize: number;
  /** Matches the id exactly, or username, display name or e-mail as a substring. */
  keyword?: string;
  group?: string;
  /** Only users this user invited (an agent's view). */
  invitedBy?: number;
  /** Only users with a role below this one, besides the viewer (`viewerId`) themself. */
  belowRole?: number;
  viewerId?: number;
}

/** One page of live users, newest first, with the total count. */
export async function listUsers(db: Db, filter: UserListFilter) {
  let query = db.selectFrom('users').where('status', '!=', UserStatus.closed);
  if (filter.group) query = query.where('group', '=', filter.group);
  if (filter.invitedBy !== undefined) query = query.where('inviter_id', '=', filter.invitedBy);
  const { belowRole, viewerId } = filter;
  if (belowRole !== undefined) {
    query = query.where((eb) => eb.or([eb('role', '<', belowRole), eb('id', '=', viewerId ?? -1)]));
  }
  const keyword = filter.keyword?.toLowerCase();
  if (keyword) {
    const id = /^\d{1,9}$/.test(keyword) ? Number(keyword) : -1;
    query = query.where((eb) =>
      eb.or([
        eb('id', '=', id),
        lowerContains('username', keyword),
        lowerContains('display_name', keyword),
        lowerContains('email', keyword),
      ]),
    );
  }
  const [count, items] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    query
      .select(userViewColumns)
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { total: Number(count.total), items };
}

/**
 * Columns of a user that are written directly. Balances are not among them: they move only
 * through guarded statements with their log rows (billing, balance adjustments).
 */
export type UserColumnChanges = Omit<
  Updateable<UsersTable>,
  | 'id'
  | 'quota'
  | 'used_quota'
  | 'topup_quota'
  | 'aff_quota'
  | 'aff_history_quota'
  | 'budget_used'
  | 'budget_start'
>;

/** Writes columns of one user (profile, role, status, bindings, secrets). */
export async function updateUserColumns(
  db: Db,
  userId: number,
  changes: UserColumnChanges,
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** A user's balance and what they have used. */
export function findUserBalance(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['quota', 'used_quota'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The id of the user a personal access token belongs to. */
export async function findUserIdByAccessToken(db: Db, token: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('access_token', '=', token)
    .executeTakeFirst();
  return row?.id;
}

/** The root account (the first one, should there be several). */
export function findRoot(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('role', '=', Role.root)
    .orderBy('id')
    .executeTakeFirst();
}

/** Adds recharged quota to a user's accumulated recharge (in the crediting transaction). */
export async function addTopUpTotal(db: Db, userId: number, quota: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ topup_quota: eb('topup_quota', '+', quota) }))
    .where('id', '=', userId)
    .execute();
}

/** A column of the users table. */
type UserField = keyof Selectable<UsersTable> & string;
/** The named columns of a user row (Kysely cannot infer them from a generic list). */
type UserFields<C extends UserField> = Pick<Selectable<UsersTable>, C>;

/** Some columns of one user, or undefined when there is no such user. */
export function findUserFields<C extends UserField>(
  db: Db,
  userId: number,
  fields: readonly C[],
): Promise<UserFields<C> | undefined> {
  const query = db.selectFrom('users').select(fields).where('id', '=', userId);
  return query.executeTakeFirst() as Promise<UserFields<C> | undefined>;
}

/** Some columns of one user; throws when there is no such user. */
export async function getUserFields<C extends UserField>(
  db: Db,
  userId: number,
  fields: readonly C[],
): Promise<UserFields<C>> {
  const row = await findUserFields(db, userId, fields);
  if (!row) throw new Error(`user ${userId} does not exist`);
  return row;
}

/** Moves a user from role `from` to role `to`, unless their role is another one. */
export async function changeUserRole(
  db: Db,
  userId: number,
  from: number,
  to: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: to })
    .where('id', '=', userId)
    .where('role', '=', from)
    .execute();
}

/** The roles of several users, by id (an empty list reads nothing). */
export async function findUserRoles(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'role']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.role]));
}

/** The balances of several users (ids and quotas). */
export function findUserQuotas(db: Db, userIds: number[]) {
  return db.selectFrom('users').select(['id', 'quota']).where('id', 'in', userIds).execute();
}

/** Gives an account without an invitation code this one (the unique index refuses a taken one). */
export async function claimAffCode(db: Db, userId: number, code: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ aff_code: code })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('aff_code', 'is', null), eb('aff_code', '=', '')]))
    .execute();
}

/**
 * Closes an account that is not root and not closed yet: the status becomes `closedStatus`
 * and every way to sign in is cleared. Returns whether it was closed now.
 */
export async function closeUserAccount(
  db: Db,
  userId: number,
  statuses: { closed: number; rootRole: number },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({
      status: statuses.closed,
      password_hash: '',
      access_token: null,
      email: null,
      github_id: null,
      linuxdo_id: null,
      wechat_id: null,
      wxpusher_uid: null,
    })
    .where('id', '=', userId)
    .where('role', '!=', statuses.rootRole)
    .where('status', '!=', statuses.closed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Counts one more invitee of an inviter and adds the reward to their invitation history. */
export async function countInvitee(db: Db, inviterId: number, reward: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      aff_count: eb('aff_count', '+', 1),
      aff_history_quota: eb('aff_history_quota', '+', Math.max(0, reward)),
    }))
    .where('id', '=', inviterId)
    .execute();
}

/** The id and status of the account with this e-mail that is not in `closedStatus`. */
export function findLiveUserByEmail(db: Db, email: string, closedStatus: number) {
  return db
    .selectFrom('users')
    .select(['id', 'status'])
    .where('email', '=', email)
    .where('status', '!=', closedStatus)
    .executeTakeFirst();
}

/** Whether the first-run record exists. */
export async function hasSetupRecord(db: Db): Promise<boolean> {
  return (await db.selectFrom('setups').select('id').executeTakeFirst()) !== undefined;
}

/** Writes the first-run record (its fixed key refuses a second). */
export async function insertSetupRecord(db: Db, rootId: number, now: number): Promise<void> {
  await db
    .insertInto('setups')
    .values({ id: 1, root_user_id: rootId, initialized_at: now })
    .execute();
}

/** The highest user id so far (0 without users). */
export async function maxUserId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}
