import type { LedgerAccount } from './ledger/entries.js';
import { keyHeld } from './ledger/relay-moves.js';
import type { Reservation } from './reservation.js';
import type { BalanceMove } from './settle-plan.js';

/** The balances a reservation holds: the user's and, for a limited key, the key's. */
function accountsOf(r: Reservation): Array<[LedgerAccount, number]> {
  return keyHeld(r)
    ? [
        ['user', r.userId],
        ['token', r.tokenId],
      ]
    : [['user', r.userId]];
}

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
  private readonly held = new Map<string, number>();
  /** What each reservation holds now (a credit when negative); each is let go of once. */
  private readonly holding = new WeakMap<Reservation, number>();

  /**
   * The first balance of `r` whose free quota (`balance` less what is held on it) cannot
   * cover `r.quota`, or null when both can.
   */
  shortOf(r: Reservation, balance: (account: LedgerAccount, id: number) => number) {
    for (const [account, id] of accountsOf(r)) {
      const free = balance(account, id) - (this.held.get(`${account}:${id}`) ?? 0);
      if (free < r.quota) return account;
    }
    return null;
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
    for (const [account, id] of accountsOf(r)) this.add(`${account}:${id}`, delta);
  }

  private add(key: string, delta: number): void {
    const next = (this.held.get(key) ?? 0) + delta;
    if (next === 0) this.held.delete(key);
    else this.held.set(key, next);
  }
}
