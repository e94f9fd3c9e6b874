import type { BaseContext } from '../base-context.js';
import { isDeadlock } from '../db/deadlock.js';
import { commitBatch, commitOne } from './kysely-money.js';
import { ReservationGone, type BalanceMove, type Charged } from './settle-plan.js';

/** How long a move may wait for companions before its batch commits. */
const batchDelayMs = 25;
/** A batch this large commits at once. */
const maxBatch = 1000;
/** Attempts of a batch that lost a deadlock (PostgreSQL/MySQL, several instances). */
const deadlockAttempts = 3;

/**
 * Settlements and refunds on the Kysely runner (PostgreSQL, MySQL), queued off the request
 * path and committed in batches: one transaction every ~25 ms holds every move of that window
 * (balances, counters, reservation, ledger and log rows together). Batches run one after
 * another; `flush` commits what is queued. SQLite commits in `SqliteMoney`'s turns instead.
 */
export class SettlementQueue {
  private pending: BalanceMove[] = [];
  private timer: NodeJS.Timeout | undefined;
  private tail: Promise<void> = Promise.resolve();
  /** The commit that moves queued with `commitSoon` in this turn will be part of. */
  private soon: Promise<void> | undefined;

  constructor(
    private readonly ctx: BaseContext,
    /** Called with what each committed batch charged (must not throw). */
    private readonly onCommitted: (charged: Charged[]) => void,
  ) {}

  /** Queues a move that nobody waits for; it commits within ~25 ms. */
  push(move: BalanceMove): void {
    this.pending.push(move);
    if (this.pending.length >= maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), batchDelayMs);
  }

  /**
   * Queues a move and resolves once it is committed: the group commit of a delivered answer.
   * Every move queued in the same turn of the event loop joins one transaction, which starts
   * at the next turn (or right after the batch in flight, whose transaction it cannot join).
   */
  commitSoon(move: BalanceMove): Promise<void> {
    this.pending.push(move);
    this.soon ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        this.soon = undefined;
        resolve(this.flush());
      }),
    );
    return this.soon;
  }

  /** Queues moves and resolves once they are committed (or left for reconciliation). */
  commitNow(moves: BalanceMove[]): Promise<void> {
    this.pending.push(...moves);
    return this.flush();
  }

  /** Moves queued and not yet committed. */
  get size(): number {
    return this.pending.length;
  }

  /** Commits everything queued so far; resolves when it is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.tail = this.tail.then(() => this.commit(batch));
    return this.tail;
  }

  private async commit(batch: BalanceMove[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const charged = await commitBatch(this.ctx, batch);
        return this.report(charged);
      } catch (error) {
        if (isDeadlock(error) && attempt < deadlockAttempts) continue;
        if (!(error instanceof ReservationGone)) {
          this.ctx.log.warn({ err: error }, 'settlement batch failed; committing one by one');
        }
        return this.commitEach(batch);
      }
    }
  }

  private async commitEach(batch: BalanceMove[]): Promise<void> {
    for (const move of batch) {
      try {
        const charged = await commitOne(this.ctx, move);
        this.report(charged);
      } catch (error) {
        // The reservation row stays, so the next start refunds it: the user is not charged.
        this.ctx.log.error(
          { err: error, requestId: move.reservation.id },
          'settlement failed; left for reconciliation',
        );
      }
    }
  }

  private report(charged: Charged[]): void {
    this.onCommitted(charged);
  }
}
