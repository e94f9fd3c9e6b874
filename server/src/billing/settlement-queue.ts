import type { BaseContext } from '../base-context.js';
import { isDeadlock } from '../db/deadlock.js';
import { commitBatch, commitOne } from './kysely-money.js';
import type { RedisHolds } from './redis-holds.js';
import {
  ReservationGone,
  SettlementFailed,
  type BalanceMove,
  type Charged,
} from './settle-plan.js';

/** How long a move may wait for companions before its batch commits. */
const batchDelayMs = 25;
/** A batch this large commits at once. */
const maxBatch = 1000;
/** Attempts of a batch that lost a deadlock (PostgreSQL/MySQL, several instances). */
const deadlockAttempts = 3;

/**
 * Settlements and refunds on the Kysely runner (PostgreSQL, MySQL), queued off the request
 * path and committed in batches: one transaction holds every move of its batch (balances,
 * counters, reservation, ledger and log rows together). One batch is in flight at a time; what
 * is queued meanwhile waits and then commits as one batch (a group commit: under load a batch
 * holds what arrived during the one before, so the commit rate stays what the database does in
 * one round of statements, whatever the request rate). `flush` commits what is queued. SQLite
 * commits in `SqliteMoney`'s turns instead.
 */
export class SettlementQueue {
  private pending: BalanceMove[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The batch being committed. */
  private inFlight: Promise<void> | undefined;
  /** Moves whose commit failed (nothing charged), for `commitSoon` to tell its waiter. */
  private readonly failed = new WeakSet<BalanceMove>();
  /**
   * False from a commit that failed (the database unreachable, say) until one succeeds: holds
   * are then written to the database, which refuses them while it is away, rather than taken
   * in Redis for answers that could not be charged.
   */
  healthy = true;
  /** The batch after it: everything queued once the one in flight is done. */
  private next: { promise: Promise<void>; resolve: () => void } | undefined;
  /** The commit that moves queued with `commitSoon` in this turn will be part of. */
  private soon: Promise<void> | undefined;

  constructor(
    private readonly ctx: BaseContext,
    /** Called with what each committed batch charged (must not throw). */
    private readonly onCommitted: (charged: Charged[]) => void,
    /**
     * The Redis holds of the moves, when instances hold there: told of each move as it is
     * queued and of each commit, with the states it left for the mirrors.
     */
    private readonly holds?: RedisHolds,
  ) {}

  /** Queues a move that nobody waits for; it commits within ~25 ms. */
  push(move: BalanceMove): void {
    this.holds?.settling(move);
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
    this.holds?.settling(move);
    this.pending.push(move);
    this.soon ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        this.soon = undefined;
        resolve(this.flush());
      }),
    );
    return this.soon.then(() => {
      if (this.failed.has(move)) throw new SettlementFailed();
    });
  }

  /** Queues moves and resolves once they are committed (or left for reconciliation). */
  commitNow(moves: BalanceMove[]): Promise<void> {
    for (const move of moves) this.holds?.settling(move);
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
    if (this.pending.length === 0) return this.next?.promise ?? this.inFlight ?? Promise.resolve();
    if (!this.inFlight) return this.start();
    if (!this.next) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      this.next = { promise, resolve };
    }
    return this.next.promise;
  }

  /** Commits what is queued now; when done, the next batch starts with what was queued since. */
  private start(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.inFlight = this.commit(batch).finally(() => {
      this.inFlight = undefined;
      const next = this.next;
      this.next = undefined;
      if (next)
        void (this.pending.length > 0 ? this.start() : Promise.resolve()).then(next.resolve);
    });
    return this.inFlight;
  }

  private async commit(batch: BalanceMove[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const { charged, states } = await commitBatch(this.ctx, batch, this.holds !== undefined);
        this.healthy = true;
        void this.holds?.committed(batch, states);
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
        const { charged, states } = await commitOne(this.ctx, move, this.holds !== undefined);
        this.healthy = true;
        void this.holds?.committed([move], states);
        this.report(charged);
      } catch (error) {
        // The reservation row stays, so the next start refunds it: the user is not charged.
        // A hold in Redis is let go of now, for the same reason. An answer waiting for this
        // charge is not completed (`SettlementFailed`).
        this.healthy = false;
        this.failed.add(move);
        void this.holds?.committed([move], []);
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
