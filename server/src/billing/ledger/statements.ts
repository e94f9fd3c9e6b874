import type { Insertable } from 'kysely';
import type { RawStatement } from '../../db/raw-statement.js';
import type { LogsTable } from '../../db/schema/index.js';
import {
  balanceColumn,
  maxBalance,
  type LedgerAccount,
  type LedgerReason,
  type Posting,
} from './entries.js';

/**
 * The money statements, written once for every engine (see `RawStatement`): the programs
 * yield them, and a synchronous (SQLite) or an asynchronous (Kysely) runner executes them.
 */

const at = (account: LedgerAccount) => balanceColumn[account];

/**
 * Every statement that moves a balance or a budget count also moves the row's `money_ver`
 * (under the row lock it takes), so that a mirror of the row with its version can tell which
 * of two states is newer.
 */
const bump = 'money_ver = money_ver + 1';

/**
 * Takes `amount` only if the balance covers it (1 row changed when taken). Its failing form
 * writes NULL when the balance does not cover it, which the column's NOT NULL refuses.
 */
export function debit(account: LedgerAccount, id: number, amount: number): RawStatement {
  const { table, column } = at(account);
  return {
    sql: `update ${table} set ${column} = ${column} - ?, ${bump} where id = ? and ${column} >= ?`,
    params: [amount, id, amount],
    failing: {
      sql: `update ${table} set ${column} = case when ${column} >= ? then ${column} - ? else null end, ${bump} where id = ?`,
      params: [amount, amount, id],
    },
  };
}

/**
 * Takes `amount` even past zero, as long as the result stays exact (1 row changed when taken):
 * only for the reasons in `overdraftReasons`.
 */
export function overdraw(account: LedgerAccount, id: number, amount: number): RawStatement {
  const { table, column } = at(account);
  return {
    sql: `update ${table} set ${column} = ${column} - ?, ${bump} where id = ? and ${column} >= ?`,
    params: [amount, id, amount - maxBalance],
  };
}

/** Adds `amount` only if the result stays exact (1 row changed when added). */
export function credit(account: LedgerAccount, id: number, amount: number): RawStatement {
  const { table, column } = at(account);
  return {
    sql: `update ${table} set ${column} = ${column} + ?, ${bump} where id = ? and ${column} <= ?`,
    params: [amount, id, maxBalance - amount],
  };
}

/** Sets the balance to `value` only while it is still `seen`. */
export function setIf(account: LedgerAccount, id: number, value: number, seen: number) {
  const { table, column } = at(account);
  return {
    sql: `update ${table} set ${column} = ?, ${bump} where id = ? and ${column} = ?`,
    params: [value, id, seen],
  };
}

/** Reads a balance, locking its row for the rest of the transaction. */
export function readBalance(account: LedgerAccount, id: number): RawStatement {
  const { table, column } = at(account);
  return { sql: `select ${column} as balance from ${table} where id = ? for update`, params: [id] };
}

/**
 * Reads the balances of accounts of one kind (rows of `id`, `balance`), locking their rows.
 * Optional: without its rows, ledger rows read their balances inside their INSERT. (On MySQL
 * its scan of an id list also locks the gaps between them, which made two instances' batches
 * deadlock on a channel's row when sent whole.)
 */
export function readBalances(account: LedgerAccount, ids: number[]): RawStatement {
  const { table, column } = at(account);
  const list = ids.map(() => '?').join(', ');
  return {
    sql: `select id, ${column} as balance from ${table} where id in (${list}) for update`,
    params: ids,
    optional: true,
  };
}

/** The columns of a user or key that Redis mirrors (`MoneyState`), by table. */
const stateColumns = {
  users: 'quota as balance',
  tokens: 'remain_quota as balance',
} as const;

/**
 * Reads the money state of users or keys (`id`, `balance`, `budget_used`, `budget_start`,
 * `money_ver`): inside a transaction that changed them, the state it commits.
 */
export function readMoneyStates(table: 'users' | 'tokens', ids: number[]): RawStatement {
  return {
    sql: `select id, ${stateColumns[table]}, budget_used, budget_start, money_ver from ${table} where id in (${ids.map(() => '?').join(', ')})`,
    params: ids,
  };
}

/** A posting whose balance is read back inside the insert: the balance now, less `later`. */
export interface EntryRow extends Posting {
  /** Deltas of the same account written later in this transaction's batch. */
  later: number;
  createdAt: number;
}

/** Most rows per INSERT and ids per DELETE: well under every engine's bound-parameter limit. */
export const maxRowsPerStatement = 128;

/**
 * Slices of at most `maxRowsPerStatement` items, each a power of two long (200 rows: 128, 64,
 * 8), so that a connection prepares and keeps a handful of statement shapes per table rather
 * than one per batch size (each a compiled program of its own, some hundreds of kB).
 */
export function* chunks<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length;) {
    let size = maxRowsPerStatement;
    while (size > items.length - i) size >>= 1;
    yield items.slice(i, i + size);
    i += size;
  }
}

/** `count` copies of a row's placeholders, as an INSERT's values. */
const repeatRow = (row: string, count: number) =>
  Array.from({ length: count }, () => row).join(', ');

/**
 * Statement texts by row count, each built once for up to `maxRowsPerStatement` rows: the
 * statement cache then finds a batch's statement by a string whose hash is known, rather than
 * by a new text of some thousand characters hashed and compared for every batch.
 */
function textsByCount(text: (count: number) => string): (count: number) => string {
  const texts: string[] = [];
  return (count) => (count <= maxRowsPerStatement ? (texts[count] ??= text(count)) : text(count));
}

const entryColumns =
  'insert into ledger_entries (account, account_id, delta, balance_after, reason, ref, operator_id, created_at) values ';

/** The values of one ledger row: its account's balance read inside the insert, less `later`. */
const entryValues = (account: LedgerAccount) => {
  const { table, column } = at(account);
  return `(?, ?, ?, (select ${column} from ${table} where id = ?) - ?, ?, ?, ?, ?)`;
};

/** INSERTs of rows that all read a balance of one kind of account. */
const readingInserts = (account: LedgerAccount) =>
  textsByCount((count) => entryColumns + repeatRow(entryValues(account), count));
const entryInserts: Record<LedgerAccount, (count: number) => string> = {
  user: readingInserts('user'),
  aff: readingInserts('aff'),
  token: readingInserts('token'),
};

/** INSERTs of rows whose balances are given. */
const knownInserts = textsByCount(
  (count) => entryColumns + repeatRow('(?, ?, ?, ?, ?, ?, ?, ?)', count),
);

/**
 * The values of ledger rows: each row's account and delta, then what `balance` pushes for its
 * balance after it, then its reason, reference, operator and time.
 */
function entryParams(rows: EntryRow[], balance: (row: EntryRow, params: unknown[]) => void) {
  const params: unknown[] = [];
  for (const row of rows) {
    params.push(row.account, row.accountId, row.delta);
    balance(row, params);
    params.push(row.reason, row.ref ?? '', row.operatorId ?? 0, row.createdAt);
  }
  return params;
}

/**
 * Appends ledger rows; each reads its account's balance in the same statement, after the
 * balance statements of its transaction (their rows are locked), less what later rows add.
 */
export function insertEntries(rows: EntryRow[]): RawStatement {
  const account = rows[0]!.account;
  const sql = rows.every((row) => row.account === account)
    ? entryInserts[account](rows.length)
    : entryColumns + rows.map((row) => entryValues(row.account)).join(', ');
  return { sql, params: entryParams(rows, (row, params) => params.push(row.accountId, row.later)) };
}

/**
 * Appends ledger rows of one kind of account whose balances are known (`balances`, by account
 * id: read once for a batch, after all its balance statements): each row's balance after it is
 * that balance less `later`. A seek per account rather than one per row; when an account is
 * not in `balances`, the rows read theirs in the statement instead (`insertEntries`).
 */
export function insertEntriesAt(rows: EntryRow[], balances: Map<number, number>): RawStatement {
  if (!rows.every((row) => balances.has(row.accountId))) return insertEntries(rows);
  return {
    sql: knownInserts(rows.length),
    params: entryParams(rows, (row, params) =>
      params.push(balances.get(row.accountId)! - row.later),
    ),
  };
}

/** The table of an account that can have a budget. */
const budgetTable = (account: 'user' | 'token') => (account === 'user' ? 'users' : 'tokens');

/** The quota used in the period starting at `start` (0 when the stored count is older). */
const usedSince = (start: number): [string, unknown[]] => [
  '(case when budget_start = ? then budget_used else 0 end)',
  [start],
];

/** Reads an account's budget (`quota`, 0 for none) and what the period at `start` `used`. */
export function readBudget(account: 'user' | 'token', id: number, start: number): RawStatement {
  const [used, usedParams] = usedSince(start);
  return {
    sql: `select budget_quota as quota, ${used} as used from ${budgetTable(account)} where id = ?`,
    params: [...usedParams, id],
  };
}

/**
 * Adds `amount` to the count of the period starting at `start` (a stored count of an older
 * period starts again from 0), on the rows `guard` lets through.
 */
function countInPeriod(
  account: 'user' | 'token',
  id: number,
  amount: number,
  start: number,
  guard: (used: string) => [string, unknown[]],
): RawStatement {
  const [used, usedParams] = usedSince(start);
  const [condition, conditionParams] = guard(used);
  return {
    sql: `update ${budgetTable(account)} set budget_used = ${used} + ?, budget_start = ?, ${bump} where id = ? and ${condition}`,
    params: [...usedParams, amount, start, id, ...conditionParams],
  };
}

/**
 * Counts `amount` against the account's budget for the period starting at `start`, only while
 * it stays within the budget (1 row changed when counted; an account whose budget was removed
 * counts nothing).
 */
export function budgetTake(
  account: 'user' | 'token',
  id: number,
  amount: number,
  start: number,
): RawStatement {
  return countInPeriod(account, id, amount, start, (used) => [
    `(budget_quota = 0 or ${used} + ? <= budget_quota)`,
    [start, amount],
  ]);
}

/**
 * Counts `amount` against the account's budget for the period starting at `start`, without a
 * limit (the request was admitted against the budget already); nothing when a newer period
 * began meanwhile.
 */
export function budgetCount(
  account: 'user' | 'token',
  id: number,
  amount: number,
  start: number,
): RawStatement {
  return countInPeriod(account, id, amount, start, () => ['budget_start <= ?', [start]]);
}

/**
 * Moves the budget count of the period starting at `start` by `delta` (what a request cost
 * beyond or below its hold), never below 0; nothing when a new period began meanwhile.
 */
export function budgetAdjust(
  account: 'user' | 'token',
  id: number,
  delta: number,
  start: number,
): RawStatement {
  return {
    sql: `update ${budgetTable(account)} set budget_used = case when budget_used + ? > 0 then budget_used + ? else 0 end, ${bump} where id = ? and budget_start = ?`,
    params: [delta, delta, id, start],
  };
}

/** Records the quota held by a relay request (its id is the request id). */
export function insertReservation(
  id: string,
  userId: number,
  tokenId: number,
  quota: number,
  tokenLimited: boolean,
  createdAt: number,
  instanceId: string,
): RawStatement {
  return {
    sql: `insert into reservations (id, user_id, token_id, quota, token_limited, created_at, instance_id) values (?, ?, ?, ?, ?, ?, ?)`,
    params: [id, userId, tokenId, quota, tokenLimited ? 1 : 0, createdAt, instanceId],
  };
}

/** Deletes reservations by id (the count of deleted rows says which still existed). */
export function deleteReservations(ids: string[]): RawStatement {
  return {
    sql: `delete from reservations where id in (${ids.map(() => '?').join(', ')})`,
    params: ids,
  };
}

/** Adds a settlement batch's totals to a user: refund, used quota, requests. */
export function addUserTotals(id: number, refund: number, used: number, count: number) {
  return {
    sql: `update users set quota = quota + ?, used_quota = used_quota + ?, request_count = request_count + ?, ${bump} where id = ?`,
    params: [refund, used, count, id],
  };
}

/** Adds a settlement batch's totals to a key: refund, used quota, last access. */
export function addTokenTotals(id: number, refund: number, used: number, now: number) {
  return {
    sql: `update tokens set remain_quota = remain_quota + ?, used_quota = used_quota + ?, accessed_time = ?, ${bump} where id = ?`,
    params: [refund, used, now, id],
  };
}

/** Adds quota served to a channel's total. */
export function addChannelUsed(id: number, used: number): RawStatement {
  return {
    sql: 'update channels set used_quota = used_quota + ? where id = ?',
    params: [used, id],
  };
}

export const logColumns = [
  'user_id',
  'created_at',
  'type',
  'content',
  'username',
  'token_id',
  'token_name',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel_id',
  'group',
  'ip',
  'request_id',
  'other',
] as const;
const logRow = `(${logColumns.map(() => '?').join(', ')})`;
const logInserts = textsByCount(
  (count) =>
    `insert into logs (${logColumns.map((c) => `"${c}"`).join(', ')}) values ${repeatRow(logRow, count)}`,
);

/**
 * Appends the values of a log row to `values`, in the order of `logColumns`, with the table's
 * defaults. Read by name rather than by `row[column]` over the columns: a keyed read with a
 * key that changes every time is V8's slowest kind, and this runs for every request.
 */
export function pushLogValues(values: unknown[], row: Insertable<LogsTable>): void {
  values.push(
    row.user_id,
    row.created_at,
    row.type,
    row.content,
    row.username ?? '',
    row.token_id ?? 0,
    row.token_name ?? '',
    row.model_name ?? '',
    row.quota ?? 0,
    row.prompt_tokens ?? 0,
    row.completion_tokens ?? 0,
    row.use_time ?? 0,
    row.is_stream ?? 0,
    row.channel_id ?? 0,
    row.group ?? '',
    row.ip ?? '',
    row.request_id ?? '',
    row.other,
  );
}

/** Appends log rows (defaults as the table's). */
export function insertLogs(rows: Array<Insertable<LogsTable>>): RawStatement {
  const params: unknown[] = [];
  for (const row of rows) pushLogValues(params, row);
  return { sql: logInserts(rows.length), params };
}

/** Whether a request already has its consume log (it was settled before a crash). */
export function consumeLogOf(requestId: string, consumeType: number): RawStatement {
  return {
    sql: 'select id from logs where request_id = ? and type = ?',
    params: [requestId, consumeType],
  };
}

/** A user's ledger row of a request for a reason (one that was committed). */
export function entryOf(ref: string, reason: LedgerReason): RawStatement {
  return {
    sql: "select id from ledger_entries where ref = ? and reason = ? and account = 'user'",
    params: [ref, reason],
  };
}

/** Gives back quota this transaction just took (no guard: the balance held it a moment ago). */
export function giveBack(account: LedgerAccount, id: number, amount: number): RawStatement {
  const { table, column } = at(account);
  return {
    sql: `update ${table} set ${column} = ${column} + ?, ${bump} where id = ?`,
    params: [amount, id],
  };
}
