import type { BalanceSnapshots, BudgetAccount } from './balance-snapshots.js';
import { keyHeld } from './ledger/relay-moves.js';
import type { Reservation } from './reservation.js';
import type { BalanceMove } from './settle-plan.js';

/**
 * What a reservation holds: its user's balance and, for a limited key, the key's; the budgets
 * of either that have one.
 */
export type HeldAccount = BudgetAccount | 'user budget' | 'token budget';

/**
 * Quota held in memory by the relay requests in flight, per balance and per budget. On SQLite
 * the process is the database's only writer, so a reservation need not be written: what a
 * balance has (or a budget has left in its period), less what is held here, is what a new
 * request may take, and a crash drops the holds together with the requests they were for
 * (nothing to reconcile). Checks and holds are synchronous, so no other request comes between
 * reading a balance and holding part of it. Once a request's move is queued, its hold becomes
 * what the move will change when committed (`settling`), so that neither its estimate nor a
 * refund waiting for its batch keeps a balance short. A budget's holds are kept by account,
 * whatever the period: at a new period, requests still in flight from the last one count
 * against the new one until they settle (a refusal a moment early, never an overshoot).
 */
export class MemoryHolds {
  /** What is held per balance and budget, by kind and id. */
  private readonly held: Record<HeldAccount, Map<number, number>> = {
    user: new Map(),
    token: new Map(),
    'user budget': new Map(),
    'token budget': new Map(),
  };
  /**
   * The first budget, then balance, of `r` whose free quota (what it has, less what is held
   * on it) cannot cover `r.quota`, or null when all can; in the order the database checks a
   * written reservation.
   */
  shortOf(r: Reservation, read: BalanceSnapshots): HeldAccount | null {
    const budget = r.budget;
    if (budget?.user != null && this.budgetShort('user', r.userId, budget.user, r, read)) {
      return 'user budget';
    }
    if (
      budget?.token != null &&
      r.tokenId > 0 &&
      this.budgetShort('token', r.tokenId, budget.token, r, read)
    ) {
      return 'token budget';
    }
    if (this.free('user', r.userId, read.read('user', r.userId)) < r.quota) return 'user';
    if (keyHeld(r) && this.free('token', r.tokenId, read.read('token', r.tokenId)) < r.quota) {
      return 'token';
    }
    return null;
  }

  /** Whether a budget (none when its quota is 0) cannot cover `r` in the period at `start`. */
  private budgetShort(
    account: BudgetAccount,
    id: number,
    start: number,
    r: Reservation,
    read: BalanceSnapshots,
  ): boolean {
    const { quota, used } = read.budget(account, id, start);
    return quota > 0 && this.free(`${account} budget`, id, quota - used) < r.quota;
  }

  /** What `available` leaves once what is held on that balance or budget is taken. */
  private free(held: HeldAccount, id: number, available: number): number {
    return available - (this.held[held].get(id) ?? 0);
  }

  /** Holds `r.quota` on its balances (checked with `shortOf` in the same turn). */
  take(r: Reservation): void {
    this.hold(r, r.quota);
    r.inMemory = true;
  }

  /**
   * The move of `r` is queued: until it is committed, hold what it will take from the balances
   * beyond what they gave up already (the cost, less a written reservation; for a refund, minus
   * that reservation: a credit to come).
   */
  settling(move: BalanceMove): void {
    const r = move.reservation;
    const cost = move.kind === 'settle' ? move.quota : 0;
    this.hold(r, cost - (r.inMemory ? 0 : r.quota));
  }

  /** Lets go of what `r` holds, once its settlement or refund is committed. */
  release(r: Reservation): void {
    this.hold(r, 0);
  }

  /**
   * Makes `r` hold `amount` on its balances instead of what it held (`r.held`, a credit when
   * negative; kept on the reservation, each let go of once).
   */
  private hold(r: Reservation, amount: number): void {
    const delta = amount - (r.held ?? 0);
    r.held = amount;
    if (delta === 0) return;
    add(this.held.user, r.userId, delta);
    if (keyHeld(r)) add(this.held.token, r.tokenId, delta);
    if (r.budget?.user != null) add(this.held['user budget'], r.userId, delta);
    if (r.budget?.token != null && r.tokenId > 0) add(this.held['token budget'], r.tokenId, delta);
  }
}

/** Adds `delta` to what is held on balance `id` (none left: forgotten). */
function add(held: Map<number, number>, id: number, delta: number): void {
  const next = (held.get(id) ?? 0) + delta;
  if (next === 0) held.delete(id);
  else held.set(id, next);
}
