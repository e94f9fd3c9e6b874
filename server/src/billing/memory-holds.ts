import type { LedgerAccount } from './ledger/entries.js';
import { keyHeld } from './ledger/relay-moves.js';
import type { Reservation } from './reservation.js';
import type { BalanceMove } from './settle-plan.js';

/** The balances a reservation holds: its user's and, for a limited key, the key's. */
type HeldAccount = Extract<LedgerAccount, 'user' | 'token'>;

/**
 * Quota held in memory by the relay requests in flight, per balance. On SQLite the process is
 * the database's only writer, so a reservation need not be written: what a balance has, less
 * what is held here, is what a new request may take, and a crash drops the holds together with
 * the requests they were for (nothing to reconcile). Checks and holds are synchronous, so no
 * other request comes between reading a balance and holding part of it. Once a request's move
 * is queued, its hold becomes what the move will change when committed (`settling`), so that
 * neither its estimate nor a refund waiting for its batch keeps a balance short.
 */
export class MemoryHolds {
  /** What is held per balance, by kind and id. */
  private readonly held: Record<HeldAccount, Map<number, number>> = {
    user: new Map(),
    token: new Map(),
  };
  /** What each reservation holds now (a credit when negative); each is let go of once. */
  private readonly holding = new WeakMap<Reservation, number>();

  /**
   * The first balance of `r` whose free quota (`balance` less what is held on it) cannot
   * cover `r.quota`, or null when both can.
   */
  shortOf(r: Reservation, balance: (account: LedgerAccount, id: number) => number) {
    if (this.free('user', r.userId, balance) < r.quota) return 'user';
    if (keyHeld(r) && this.free('token', r.tokenId, balance) < r.quota) return 'token';
    return null;
  }

  /** A balance less what is held on it. */
  private free(
    account: HeldAccount,
    id: number,
    balance: (account: LedgerAccount, id: number) => number,
  ): number {
    return balance(account, id) - (this.held[account].get(id) ?? 0);
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
    this.holding.delete(r);
  }

  /** Makes `r` hold `amount` on its balances instead of what it held. */
  private hold(r: Reservation, amount: number): void {
    const delta = amount - (this.holding.get(r) ?? 0);
    this.holding.set(r, amount);
    if (delta === 0) return;
    add(this.held.user, r.userId, delta);
    if (keyHeld(r)) add(this.held.token, r.tokenId, delta);
  }
}

/** Adds `delta` to what is held on balance `id` (none left: forgotten). */
function add(held: Map<number, number>, id: number, delta: number): void {
  const next = (held.get(id) ?? 0) + delta;
  if (next === 0) held.delete(id);
  else held.set(id, next);
}
