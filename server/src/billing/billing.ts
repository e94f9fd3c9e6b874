import type { Check } from '../lib/shared-state.js';
import type { Reservation } from './reservation.js';
import type { Charged, Refund, Settlement } from './settle-plan.js';

/** The relay's money operations for one process (`ctx.billing`). */
export interface Billing {
  /** This process's id, stamped on its reservations. */
  readonly instanceId: string;
  /**
   * RESERVE now (atomic, guarded), after the request's admission `checks` (with Redis, in the
   * same round trip): undefined when it is held at once (in memory, or nothing to hold), else a
   * promise; a refusal (`CheckFailed`, `insufficient_user_quota`, `insufficient_token_quota`,
   * the budgets') always comes as a rejected promise, with no slot of the checks left taken.
   * While Redis is unreachable the checks are skipped and the hold is written to the database.
   */
  reserve(reservation: Reservation, checks?: readonly Check[]): Promise<void> | undefined;
  /**
   * SETTLE a delivered answer: resolves once the charge and its log are committed (a group
   * commit shared by every answer finishing in the same turn). The relay awaits it before
   * the answer's last bytes leave, so a crash never leaves a delivered answer unbilled.
   * Rejects with `SettlementFailed` when the charge could not be committed: the answer must
   * then not be completed.
   */
  settleDelivered(settlement: Settlement): Promise<void>;
  /** SETTLE later, in the next batch (an answer the client will not receive whole). */
  settle(settlement: Settlement): void;
  /** REFUND later, in the next batch. */
  refund(refund: Refund): void;
  /**
   * Balances or budgets of users and keys moved outside the relay, in a committed transaction
   * (a refunded or disputed payment, a failed task given back): with Redis holds, their
   * mirrors are brought up to date now, so that the next request sees the move at once (is
   * refused below zero, admitted on money given back). Never throws.
   */
  balancesMoved(userIds: number[], tokenIds?: number[]): Promise<void>;
  /** Commits every queued settlement and refund now. */
  flush(): Promise<void>;
  /**
   * Announces this instance as alive, refunds the reservations that stopped processes left
   * behind, and registers the final flush at shutdown. Called once, by `create-context.ts`.
   */
  start(): Promise<void>;
}

/** What billing asks of the rest of the process after each committed batch. */
export interface BillingHooks {
  /** Called with what a committed batch charged (usage roll-up, exhausted keys). */
  onCharged(charged: Charged[]): void;
  /** Called at shutdown after the last flush (e.g. to flush what `onCharged` buffered). */
  onStopped?(): Promise<void>;
}
