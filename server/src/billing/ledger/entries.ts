/**
 * The ledger's vocabulary: whose balance moved, and why. Every change of a balance is one
 * guarded statement plus one `ledger_entries` row written in the same transaction, so each
 * balance is the sum of its rows and each row says the balance it left.
 */

/** Whose balance: a user's quota, a user's invitation balance, a key's remaining quota. */
export type LedgerAccount = 'user' | 'aff' | 'token';

/** Why a balance moved. */
export type LedgerReason =
  /** The balance an account had when the ledger started. */
  | 'opening'
  /** Quota held for a relay request before it runs. */
  | 'relay_reserve'
  /**
   * The difference between a request's hold and its cost (back, or taken beyond the hold); the
   * whole cost when the hold was kept in memory (SQLite).
   */
  | 'relay_settle'
  /** A failed request's hold, given back. */
  | 'relay_refund'
  /** A hold left by a stopped process, given back at the next start. */
  | 'reconcile_refund'
  | 'admin_add'
  | 'admin_subtract'
  /** An administrator set the balance (compare-and-set against the value they saw). */
  | 'admin_set'
  | 'signup_gift'
  | 'invitee_gift'
  | 'inviter_reward'
  /** The owner gave a new key its quota. */
  | 'key_open'
  /** The owner changed a key's quota (compare-and-set against the value they saw). */
  | 'key_set'
  /** A redemption code was redeemed (the reference is the code). */
  | 'redeem'
  /** A paid top-up order was credited (the reference is the order number). */
  | 'topup'
  /**
   * The payment provider refunded (part of) a credited top-up: its share of the quota taken
   * back (negative), or given again when the refund failed (reference: the order number).
   */
  | 'topup_refund'
  /**
   * A dispute (chargeback) took (part of) a credited top-up: its share of the quota taken back
   * when the dispute opened, given again when it was won (reference: the order number).
   */
  | 'topup_dispute'
  /** The daily check-in reward (the reference is the date). */
  | 'checkin'
  /** Invitation balance moved into the quota: one row on each account, the same reference. */
  | 'aff_transfer'
  /** An agent's dividend for a day, on the invitation balance (reference `dividend:agent:day`). */
  | 'agent_dividend'
  /** Invitation balance held for a withdrawal request (reference `withdrawal:id`). */
  | 'withdrawal_hold'
  /** A rejected withdrawal's hold, given back. */
  | 'withdrawal_return'
  /** An asynchronous task (drawing, music, video) paid when submitted (reference `table:id`). */
  | 'task_charge'
  /** A failed or timed-out task's charge, given back once. */
  | 'task_refund'
  /** A balance brought from a one-api or new-api database (reference `import:kind:id`). */
  | 'import';

/** One balance change, as the caller asks for it. */
export interface Posting {
  account: LedgerAccount;
  /** The user's or key's id. */
  accountId: number;
  /** Quota to add (positive) or take (negative). */
  delta: number;
  reason: LedgerReason;
  /** What it belongs to (request id, code, order number); empty when nothing. */
  ref?: string;
  /** The user who made the change; 0 (the default) for the system. */
  operatorId?: number;
}

/**
 * Reasons whose debit may take a user's balance below zero: the money behind the quota went
 * back to the payer whether or not the quota is still there. A balance below zero refuses
 * every priced request until it is settled.
 */
export const overdraftReasons: ReadonlySet<LedgerReason> = new Set([
  'topup_refund',
  'topup_dispute',
]);

/** The largest balance the ledger keeps exact: past it a number is no longer an integer. */
export const maxBalance = Number.MAX_SAFE_INTEGER;

/** The table and column that hold each account's balance. */
export const balanceColumn: Record<LedgerAccount, { table: string; column: string }> = {
  user: { table: 'users', column: 'quota' },
  aff: { table: 'users', column: 'aff_quota' },
  token: { table: 'tokens', column: 'remain_quota' },
};
