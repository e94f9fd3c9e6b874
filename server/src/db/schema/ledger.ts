import type { Generated } from 'kysely';

/** One change of one balance; the balance is always the sum of its rows. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  /** Whose balance: `user` (users.quota), `aff` (users.aff_quota), `token` (tokens.remain_quota). */
  account: string;
  /** The user's or the key's id. */
  account_id: number;
  /** Quota added (positive) or taken (negative). */
  delta: number;
  /** The balance once this row applied. */
  balance_after: number;
  /** Why, e.g. `relay_reserve`, `admin_add`, `signup_gift` (the ledger's `LedgerReason`). */
  reason: string;
  /** What it belongs to: a request id, a code, an order number; empty when nothing. */
  ref: Generated<string>;
  /** The user who made the change (an administrator, the owner); 0 for the system. */
  operator_id: Generated<number>;
  created_at: number;
}
