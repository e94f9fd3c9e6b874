import type { LedgerAccount } from './ledger/entries.js';
import { keyHeld } from './ledger/relay-moves.js';
import type { Reservation } from './reservation.js';

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
 * other request comes between reading a balance and holding part of it.
 */
export class MemoryHolds {
  private readonly held = new Map<string, number>();
  /** The reservations holding now (each is let go of once). */
  private readonly holding = new WeakSet<Reservation>();

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
    for (const [account, id] of accountsOf(r)) this.add(`${account}:${id}`, r.quota);
    this.holding.add(r);
    r.inMemory = true;
  }

  /** Lets go of what `r` held, once its settlement or refund is committed. */
  release(r: Reservation): void {
    if (!this.holding.delete(r)) return;
    for (const [account, id] of accountsOf(r)) this.add(`${account}:${id}`, -r.quota);
  }

  private add(key: string, delta: number): void {
    const next = (this.held.get(key) ?? 0) + delta;
    if (next === 0) this.held.delete(key);
    else this.held.set(key, next);
  }
}
