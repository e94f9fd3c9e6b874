import { LogType } from '@gateway/shared';
import { AppError } from '../../errors.js';
import type { Reservation } from '../reservation.js';
import {
  inLockOrder,
  planTotals,
  ReservationGone,
  type BalanceMove,
  type Charged,
  type Settlement,
  type SettlePlan,
} from '../settle-plan.js';
import { balanceColumn, type LedgerAccount, type LedgerReason } from './entries.js';
import { eachOf, type Program } from './program.js';
import {
  addChannelUsed,
  chunks,
  budgetAdjust,
  budgetCount,
  budgetTake,
  addTokenTotals,
  addUserTotals,
  consumeLogOf,
  debit,
  deleteReservations,
  entryOf,
  giveBack,
  insertEntries,
  insertEntriesAt,
  insertLogs,
  insertReservation,
  readBalance,
  readBalances,
  type EntryRow,
} from './statements.js';

/** Whether a reservation holds the key's own balance too. */
export const keyHeld = (r: Reservation) => r.tokenLimited && r.tokenId > 0;

/** The ledger rows of one reservation's move: the user's and, when limited, the key's. */
function rowsOf(r: Reservation, delta: number, reason: LedgerReason, now: number): EntryRow[] {
  if (delta === 0) return [];
  const user = entryRow('user', r.userId, delta, reason, r.id, now);
  return keyHeld(r) ? [user, entryRow('token', r.tokenId, delta, reason, r.id, now)] : [user];
}

/** One ledger row as a literal of one shape (a spread per row cost more than the row's SQL). */
function entryRow(
  account: LedgerAccount,
  accountId: number,
  delta: number,
  reason: LedgerReason,
  ref: string,
  createdAt: number,
): EntryRow {
  return { account, accountId, delta, reason, ref, later: 0, createdAt };
}

/**
 * Fills in `later` (what rows after each one add to the same balance), so that each row's
 * balance, read once every balance statement of the batch has run, is the one it left.
 */
function withLater(rows: EntryRow[]): EntryRow[] {
  // One map per kind of account, keyed by id: no key text built per row.
  const after: Record<LedgerAccount, Map<number, number>> = {
    user: new Map(),
    aff: new Map(),
    token: new Map(),
  };
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    const sums = after[row.account];
    row.later = sums.get(row.accountId) ?? 0;
    sums.set(row.accountId, row.later + row.delta);
  }
  return rows;
}

/**
 * RESERVE: takes `quota` from the user and (unless unlimited) the key, each with a guarded
 * statement, writes their ledger rows and records the reservation. Returns the refusal
 * (`insufficient_user_quota` / `insufficient_token_quota`, 403) with nothing changed.
 */
export function* reserveProgram(
  r: Reservation,
  instanceId: string,
  now: number,
): Program<AppError | null> {
  // Budgets first: a refusal there leaves the balances untouched.
  const userBudget = r.budget?.user ?? null;
  const tokenBudget = r.tokenId > 0 ? (r.budget?.token ?? null) : null;
  if (
    userBudget !== null &&
    (yield budgetTake('user', r.userId, r.quota, userBudget)).changes !== 1
  ) {
    return new AppError('user_budget_exhausted', undefined, 403);
  }
  const undoBudgets = function* (token: boolean): Program<void> {
    if (userBudget !== null) yield budgetAdjust('user', r.userId, -r.quota, userBudget);
    if (token && tokenBudget !== null)
      yield budgetAdjust('token', r.tokenId, -r.quota, tokenBudget);
  };
  if (
    tokenBudget !== null &&
    (yield budgetTake('token', r.tokenId, r.quota, tokenBudget)).changes !== 1
  ) {
    yield* undoBudgets(false);
    return new AppError('token_budget_exhausted', undefined, 403);
  }
  if ((yield debit('user', r.userId, r.quota)).changes !== 1) {
    yield* undoBudgets(true);
    return new AppError('insufficient_user_quota', undefined, 403);
  }
  if (keyHeld(r) && (yield debit('token', r.tokenId, r.quota)).changes !== 1) {
    yield giveBack('user', r.userId, r.quota);
    yield* undoBudgets(true);
    return new AppError('insufficient_token_quota', undefined, 403);
  }
  yield insertEntries(rowsOf(r, -r.quota, 'relay_reserve', now));
  yield insertReservation(r.id, r.userId, r.tokenId, r.quota, r.tokenLimited, now, instanceId);
  return null;
}

/** What a balance holds now (0 for a missing row), its row read locked. */
export function* balanceOf(account: LedgerAccount, id: number): Program<number> {
  const { rows } = yield readBalance(account, id);
  return Number(rows[0]?.balance ?? 0);
}

/** Takes up to `amount`, never below 0 (the row is read locked); returns what was taken. */
function* debitUpTo(account: LedgerAccount, id: number, amount: number): Program<number> {
  if (amount <= 0) return 0;
  if ((yield debit(account, id, amount)).changes === 1) return amount;
  const available = Math.min(amount, Math.max(0, yield* balanceOf(account, id)));
  if (available === 0) return 0;
  return (yield debit(account, id, available)).changes === 1 ? available : 0;
}

/**
 * Charges `extra` beyond a reservation on the user and (when limited) the key alike, taking
 * what is left down to 0 when a balance cannot cover it. Returns the amount charged.
 */
function* chargeExtra(r: Reservation, extra: number): Program<number> {
  const fromUser = yield* debitUpTo('user', r.userId, extra);
  if (!keyHeld(r) || fromUser === 0) return fromUser;
  const fromToken = yield* debitUpTo('token', r.tokenId, fromUser);
  if (fromToken < fromUser) yield giveBack('user', r.userId, fromUser - fromToken);
  return fromToken;
}

/** Consecutive runs of moves with the same user (moves in lock order: one run per user). */
function byUser(moves: BalanceMove[]): BalanceMove[][] {
  const runs: BalanceMove[][] = [];
  for (const move of moves) {
    const run = runs.at(-1);
    if (run && run[0]!.reservation.userId === move.reservation.userId) run.push(move);
    else runs.push([move]);
  }
  return runs;
}

/**
 * Charges the extras of one user's moves at once: one guarded statement for the user and one
 * per limited key, instead of one per move. False, with nothing changed, when a balance does
 * not cover its sum (the moves are then charged one by one, down to 0).
 */
function* chargeAll(moves: BalanceMove[], extras: number[]): Program<boolean> {
  const userId = moves[0]!.reservation.userId;
  const total = extras.reduce((sum, extra) => sum + extra, 0);
  if (!Number.isSafeInteger(total)) return false;
  if ((yield debit('user', userId, total)).changes !== 1) return false;
  const keys = new Map<number, number>();
  moves.forEach((move, i) => {
    const r = move.reservation;
    if (keyHeld(r)) keys.set(r.tokenId, (keys.get(r.tokenId) ?? 0) + extras[i]!);
  });
  const taken: Array<[number, number]> = [];
  for (const [tokenId, sum] of [...keys].sort(([a], [b]) => a - b)) {
    if ((yield debit('token', tokenId, sum)).changes !== 1) {
      for (const [id, amount] of taken) yield giveBack('token', id, amount);
      yield giveBack('user', userId, total);
      return false;
    }
    taken.push([tokenId, sum]);
  }
  return true;
}

/**
 * Which moves still hold their reservation, deleting the rows. With `strict`, a missing one
 * aborts the batch (ReservationGone); otherwise it counts as nothing reserved. A hold kept in
 * memory took nothing from the balances, so its move is charged like one that reserved nothing.
 */
function* claim(moves: BalanceMove[], strict: boolean): Program<Set<BalanceMove>> {
  const holding = moves.filter((m) => m.reservation.quota > 0 && !m.reservation.inMemory);
  if (strict) {
    for (const slice of chunks(holding)) {
      const deleted = yield deleteReservations(slice.map((m) => m.reservation.id));
      if (deleted.changes !== slice.length) throw new ReservationGone();
    }
    return new Set(holding);
  }
  const held = new Set<BalanceMove>();
  for (const move of holding) {
    if ((yield deleteReservations([move.reservation.id])).changes === 1) held.add(move);
  }
  return held;
}

/**
 * Counts what a request cost against its budgets: a written reservation took its hold from
 * them already, so the count moves by the difference; a hold kept in memory took nothing, so
 * the whole cost is counted (restarting an older period's count).
 */
function* settleBudgets(r: Reservation, cost: number): Program<void> {
  const taken = r.inMemory ? 0 : r.quota;
  if (!r.budget || cost === taken) return;
  const count = (account: 'user' | 'token', id: number, start: number) =>
    r.inMemory
      ? budgetCount(account, id, cost, start)
      : budgetAdjust(account, id, cost - taken, start);
  if (r.budget.user !== null) yield count('user', r.userId, r.budget.user);
  if (r.budget.token !== null && r.tokenId > 0) yield count('token', r.tokenId, r.budget.token);
}

/** What a move costs: its usage when settled, nothing when refunded. */
const costOf = (move: BalanceMove) => (move.kind === 'settle' ? move.quota : 0);

/**
 * SETTLE and REFUND a batch in one transaction: deletes the reservations, adds the totals of
 * the moves within their reservation (what they give back, used quota, counts) per user, key
 * and channel, then charges extras beyond a reservation (guarded) and adds their totals, and
 * writes every ledger row (the difference between hold and cost) and log row.
 *
 * Each step is a generator of its own: V8 optimises a generator as one graph with a state per
 * `yield`, and a batch program written as one function took 130-270 ms of TurboFan time per
 * compile on a slow machine, on the relay's core, recompiled whenever a batch's arrays came
 * in another shape (a batch with no move within its reservation, say).
 */
export function* commitProgram(
  moves: BalanceMove[],
  strict: boolean,
  now: number,
): Program<Charged[]> {
  const held = yield* claim(moves, strict);
  const reservedOf = (move: BalanceMove) => (held.has(move) ? move.reservation.quota : 0);
  const within: Charged[] = [];
  const beyond: BalanceMove[] = [];
  // Moves within their reservation first: what they give back is there for the extras of the
  // moves after them (a request admitted on a refund still in this batch).
  for (const move of inLockOrder(moves)) {
    const quota = costOf(move);
    if (quota <= reservedOf(move)) within.push({ move, quota });
    else beyond.push(move);
  }
  const withinPlan = planTotals(within, reservedOf);
  yield* settleAllBudgets(within);
  yield* addTotals(withinPlan, now);
  const extra = yield* chargeBeyond(beyond, reservedOf);
  const beyondPlan = planTotals(extra, reservedOf);
  yield* settleAllBudgets(extra);
  yield* addTotals(beyondPlan, now);
  const all = within.concat(extra);
  yield* insertRows(all, reservedOf, withinPlan.logs.concat(beyondPlan.logs), now);
  return all;
}

/**
 * Charges the moves that cost more than they reserved, per user: all of a user's extras at
 * once when the balances cover them, else each move down to what is left.
 */
function* chargeBeyond(
  moves: BalanceMove[],
  reservedOf: (move: BalanceMove) => number,
): Program<Charged[]> {
  const charged: Charged[] = [];
  for (const run of byUser(moves)) {
    const extras = run.map((move) => costOf(move) - reservedOf(move));
    const taken = (yield* chargeAll(run, extras))
      ? extras
      : yield* eachOf(run, (move, i) => chargeExtra(move.reservation, extras[i]!));
    run.forEach((move, i) => charged.push({ move, quota: reservedOf(move) + taken[i]! }));
  }
  return charged;
}

/** Counts each charge against its request's budgets. */
function* settleAllBudgets(charged: Charged[]): Program<void> {
  for (const { move, quota } of charged) yield* settleBudgets(move.reservation, quota);
}

/** Writes the ledger rows (hold minus cost) and the log rows of a batch's charges. */
function* insertRows(
  charged: Charged[],
  reservedOf: (move: BalanceMove) => number,
  logs: SettlePlan['logs'],
  now: number,
): Program<void> {
  const entries = withLater(
    charged.flatMap(({ move, quota }) =>
      rowsOf(
        move.reservation,
        reservedOf(move) - quota,
        move.kind === 'settle' ? 'relay_settle' : 'relay_refund',
        now,
      ),
    ),
  );
  // The rows of each kind of account together: each INSERT holds rows of one kind, whose text
  // is built once. Each balance's rows keep their order; each says the balance less `later`.
  for (const account of Object.keys(balanceColumn) as LedgerAccount[]) {
    const ofAccount = entries.filter((row) => row.account === account);
    if (ofAccount.length === 0) continue;
    const balances = yield* balancesOf(account, ofAccount);
    for (const slice of chunks(ofAccount)) yield insertEntriesAt(slice, balances);
  }
  for (const slice of chunks(logs)) yield insertLogs(slice);
}

/** The balances now of the accounts of `rows` (of one kind), by id: one read per 128 accounts. */
function* balancesOf(account: LedgerAccount, rows: EntryRow[]): Program<Map<number, number>> {
  const balances = new Map<number, number>();
  const ids = [...new Set(rows.map((row) => row.accountId))];
  for (const slice of chunks(ids)) {
    for (const { id, balance } of (yield readBalances(account, slice)).rows) {
      balances.set(Number(id), Number(balance));
    }
  }
  return balances;
}

/** Adds a plan's totals to its users, keys and channels (each in ascending id order). */
function* addTotals(plan: SettlePlan, now: number): Program<void> {
  for (const [id, t] of plan.users) {
    if (t.refund !== 0 || t.used !== 0 || t.count !== 0) {
      yield addUserTotals(id, t.refund, t.used, t.count);
    }
  }
  for (const [id, t] of plan.tokens) yield addTokenTotals(id, t.refund, t.used, now);
  for (const [id, used] of plan.channels) yield addChannelUsed(id, used);
}

/**
 * REPLAY: commits a settlement the usage journal kept across a crash, unless it was committed
 * before: a written reservation is claimed (ReservationGone when it is gone, i.e. settled or
 * reconciled already); a request that held nothing in the database was settled when it has a
 * consume log or a settle row in the ledger.
 */
export function* replayProgram(move: Settlement, now: number): Program<Charged[]> {
  const r = move.reservation;
  if (r.quota > 0 && !r.inMemory) return yield* commitProgram([move], true, now);
  if ((yield consumeLogOf(r.id, LogType.consume)).rows.length > 0) return [];
  if ((yield entryOf(r.id, 'relay_settle')).rows.length > 0) return [];
  return yield* commitProgram([move], false, now);
}

/**
 * Reconciles one reservation a stopped process left: claims it by deleting its row, then
 * gives the hold back with its ledger rows and a refund log, unless the request's consume log
 * shows it was settled. False when another instance claimed it first.
 */
export function* reconcileProgram(r: Reservation, now: number): Program<boolean> {
  if ((yield deleteReservations([r.id])).changes !== 1) return false;
  if ((yield consumeLogOf(r.id, LogType.consume)).rows.length > 0) return true;
  yield giveBack('user', r.userId, r.quota);
  if (keyHeld(r)) yield giveBack('token', r.tokenId, r.quota);
  yield insertEntries(rowsOf(r, r.quota, 'reconcile_refund', now));
  yield insertLogs([
    {
      user_id: r.userId,
      created_at: now,
      type: LogType.refund,
      content: `Refunded ${r.quota} quota held by request ${r.id}, which did not finish before its process stopped`,
      token_id: r.tokenId,
      request_id: r.id,
      quota: 0,
      other: JSON.stringify({ refunded_quota: r.quota, reason: 'reconcile' }),
    },
  ]);
  return true;
}
