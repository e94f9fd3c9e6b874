/**
 * RESERVE, SETTLE, REFUND: the three balance moves of a relay request. Each is a ledger
 * program (`ledger/relay-moves.ts`); on PostgreSQL and MySQL a reservation row records what is
 * held, so that a crash is reconciled at the next start. On SQLite the one process holds it in
 * memory (`SqliteMoney`), where a crash drops the hold together with its request.
 */

/** Quota held for one in-flight request. */
export interface Reservation {
  /** The request id (also the log row's `request_id` and the ledger rows' `ref`). */
  id: string;
  userId: number;
  /** 0 when the request is billed without a key (playground). */
  tokenId: number;
  /** Whether the key's own `remain_quota` was reduced too (keys without the unlimited flag). */
  tokenLimited: boolean;
  /** Quota held; 0 = nothing held and no reservation row (free model). */
  quota: number;
  /**
   * Budgets that count this request: the start (unix seconds) of the user's and the key's
   * current budget period, or null for an account without a budget.
   */
  budget?: { user: number | null; token: number | null };
  /** The budgets' quotas per period, beside `budget` (Redis holds check them). */
  budgetQuota?: { user: number; token: number };
  /**
   * Held outside the database rather than taken from the balances: in this process's memory
   * (SQLite, where the process is the database's only writer) or in Redis (instances sharing
   * PostgreSQL or MySQL). The settlement takes the whole cost, and there is no row to delete
   * or reconcile.
   */
  inMemory?: boolean;
  /**
   * What memory holds (`MemoryHolds`) or Redis holds (`RedisHolds`) keep on this reservation's
   * balances now (its estimate, then what its queued move will change); absent or 0 when
   * nothing.
   */
  held?: number;
  /** SQLite: taken, and its move not queued yet (its request may still deliver an answer). */
  onItsWay?: boolean;
}
