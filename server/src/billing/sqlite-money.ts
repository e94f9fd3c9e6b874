import type SQLite from 'better-sqlite3';
import type { MessageId } from '@gateway/shared';
import { AppError } from '../errors.js';
import { nowSeconds } from '../lib/time.js';
import { runSync } from './ledger/program.js';
import { commitProgram, reserveProgram } from './ledger/relay-moves.js';
import { maxRowsPerStatement } from './ledger/statements.js';
import { BalanceSnapshots } from './balance-snapshots.js';
import { MemoryHolds, type HeldAccount } from './memory-holds.js';
import type { Reservation } from './reservation.js';
import type { BalanceMove, Charged, Settlement } from './settle-plan.js';
import type { UsageJournal } from './usage-journal.js';

/** How long settlements nobody waits for may gather before their commit. */
const commitDelayMs = 50;
/**
 * This many queued moves commit at the next turn, whatever the delay: one full INSERT of logs,
 * a few milliseconds of a busy relay's answers. Under load a batch of 50 ms (~1000 moves)
 * lived through two young collections, so that every queued settlement, its log row and its
 * strings were promoted and left to full collections; batches of 128 gave 6-8 % more
 * throughput (one core, alternating runs), fewer full collections (12 → 3-4 in 8 s) and a lower
 * p99. Smaller batches cost more than they save: each commit writes the pages at the end of
 * every table and index again (5 ms batches: -4 %).
 */
const maxQueued = maxRowsPerStatement;

/** The error a reservation gets for what cannot cover it. */
const refusals: Record<HeldAccount, MessageId> = {
  'user budget': 'user_budget_exhausted',
  'token budget': 'token_budget_exhausted',
  user: 'insufficient_user_quota',
  token: 'insufficient_token_quota',
};

/** A reservation waiting for the next turn's transaction. */
interface PendingReserve {
  reservation: Reservation;
  instanceId: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** How the Kysely runner takes over while a Kysely transaction holds the connection. */
export interface KyselyFallback {
  reserve(reservation: Reservation, instanceId: string): Promise<void>;
  /** Commits moves (in batches, one by one when a batch fails), reporting what they charged. */
  commit(moves: BalanceMove[]): Promise<void>;
}

/**
 * The relay's ledger programs on SQLite, run synchronously on the one connection. A
 * reservation is held in memory (`MemoryHolds`), on balances and (for a lone instance)
 * budgets: no write before the upstream call, nothing to reconcile after a crash. Settlements
 * and refunds commit in batches, one synchronous transaction each (one WAL write, nothing can
 * interleave with it): the settlement of a delivered answer is made durable first by the usage
 * journal (`deliver`), so nobody waits for its commit, which gathers for up to
 * `commitDelayMs`; a move or a written reservation that a request waits for commits at the
 * next `setImmediate`, with everything queued. Memory holds are let go once their moves are
 * committed. While a Kysely transaction holds the connection (rare: administrative writes),
 * reservations are written and the batch runs through the Kysely runner instead.
 */
export class SqliteMoney {
  private readonly holds = new MemoryHolds();
  private readonly balances: BalanceSnapshots;
  private reserves: PendingReserve[] = [];
  private moves: BalanceMove[] = [];
  /** How many of the queued moves are in the journal (delivered answers' settlements). */
  private journaled = 0;
  /** The commit at the next `setImmediate`, once something waits for it. */
  private turn: Promise<Charged[]> | undefined;
  /** The commit of moves nobody waits for, `commitDelayMs` after the first of them. */
  private timer: NodeJS.Timeout | undefined;
  /**
   * Reservations taken whose move is not queued yet (`onItsWay`): requests that may still
   * deliver an answer. When none is left but the one delivering, nothing can share the
   * journal's write at the end of the turn, so it is written at once (a lone request does not
   * wait a turn).
   */
  private answering = 0;
  private readonly turnTx;

  constructor(
    private readonly raw: SQLite.Database,
    private readonly kysely: KyselyFallback,
    /** Called with what each turn charged. */
    private readonly onCommitted: (charged: Charged[]) => void,
    /** Where delivered answers' settlements are made durable (null: commit them first). */
    private readonly journal: UsageJournal | null,
    /**
     * Whether budgets are held in memory too: only when this process is the database's one
     * relay (no shared state for several instances). A budget's count is settled without a
     * guard, since the answer is out by then, so instances beside each other take their
     * budgets in the database before the upstream call.
     */
    private readonly budgetsInMemory: boolean,
  ) {
    this.balances = new BalanceSnapshots(raw);
    this.turnTx = raw.transaction((moves: BalanceMove[], reserves: PendingReserve[]) => {
      const now = nowSeconds();
      // Settlements first: what they give back is available to the reservations.
      const charged = moves.length > 0 ? runSync(raw, commitProgram(moves, false, now)) : [];
      // A written reservation may not take what requests in flight hold in memory either.
      const refusals = reserves.map(
        (w) =>
          this.refusalOf(w.reservation) ??
          runSync(raw, reserveProgram(w.reservation, w.instanceId, now)),
      );
      return { charged, refusals };
    });
  }

  /**
   * RESERVE: held in memory at once (balances, and budgets when `budgetsInMemory`), or else,
   * or while a Kysely transaction holds the connection, written in the next turn's
   * transaction. Rejects with
   * `user_budget_exhausted` / `token_budget_exhausted` / `insufficient_user_quota` /
   * `insufficient_token_quota` (nothing changed then). Undefined when held in memory.
   */
  reserve(reservation: Reservation, instanceId: string): Promise<void> | undefined {
    if (!this.raw.inTransaction && (!reservation.budget || this.budgetsInMemory)) {
      const refusal = this.refusalOf(reservation);
      if (refusal) return Promise.reject(refusal);
      this.holds.take(reservation);
      this.expect(reservation);
      return undefined;
    }
    return new Promise((resolve, reject) => {
      this.reserves.push({ reservation, instanceId, resolve, reject });
      this.schedule();
    });
  }

  /**
   * SETTLE a delivered answer: durable once this resolves. Appended to the journal with every
   * other answer of this turn of the event loop (one write), it resolves at the end of the
   * turn, or at once when no other request is on its way; its commit follows in the next
   * batch. Without a journal (a database in memory), or when its write fails, the answer
   * waits for its commit instead.
   */
  deliver(settlement: Settlement): Promise<void> {
    if (!this.journal) return this.commit(settlement);
    this.queue(settlement);
    this.journaled++;
    this.scheduleLater();
    return this.journal
      .append(settlement, this.answering === 0)
      .catch(() => this.schedule().then(() => undefined));
  }

  /** SETTLE or REFUND in the next turn's transaction; resolves once it is committed. */
  commit(move: BalanceMove): Promise<void> {
    this.queue(move);
    return this.schedule().then(() => undefined);
  }

  /** SETTLE or REFUND that nobody waits for, in the next batch. */
  later(move: BalanceMove): void {
    this.queue(move);
    this.scheduleLater();
  }

  /** Queues a move for the next batch; its request holds what the move will change. */
  private queue(move: BalanceMove): void {
    this.holds.settling(move);
    if (move.reservation.onItsWay) {
      move.reservation.onItsWay = false;
      this.answering--;
    }
    this.moves.push(move);
  }

  /** A reservation is taken: its request may deliver an answer until its move is queued. */
  private expect(reservation: Reservation): void {
    reservation.onItsWay = true;
    this.answering++;
  }

  /** Commits whatever is queued now; resolves when it is written. */
  flush(): Promise<void> {
    if (this.reserves.length === 0 && this.moves.length === 0) {
      return (this.turn ?? Promise.resolve()).then(() => undefined);
    }
    return this.runTurn().then(() => undefined);
  }

  /** The refusal of a reservation that a budget or balance, less its holds, cannot cover. */
  private refusalOf(r: Reservation): AppError | null {
    const short = this.holds.shortOf(r, this.balances);
    return short ? new AppError(refusals[short], undefined, 403) : null;
  }

  /** Lets go of the memory holds of committed moves, and of their `journaled` lines. */
  private release(moves: BalanceMove[], journaled: number): void {
    for (const move of moves) this.holds.release(move.reservation);
    this.journal?.committed(journaled);
  }

  private schedule(): Promise<Charged[]> {
    this.turn ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.runTurn());
    return this.turn;
  }

  private scheduleLater(): void {
    if (this.moves.length >= maxQueued) void this.schedule();
    else this.timer ??= setTimeout(() => void this.runTurn(), commitDelayMs);
  }

  private async runTurn(): Promise<Charged[]> {
    const { moves, reserves, journaled } = this;
    this.moves = [];
    this.reserves = [];
    this.journaled = 0;
    this.turn = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (moves.length === 0 && reserves.length === 0) return [];
    // Lines of this batch not written yet are written first: their answers may be waiting.
    this.journal?.write();
    if (this.raw.inTransaction) return this.runOnKysely(moves, journaled, reserves);
    let outcome: { charged: Charged[]; refusals: Array<AppError | null> };
    try {
      outcome = this.turnTx(moves, reserves);
    } catch {
      // Nothing of the turn was written: each part gets its own attempt on the other runner.
      return this.runOnKysely(moves, journaled, reserves);
    }
    this.release(moves, journaled);
    reserves.forEach((w, i) => {
      const refusal = outcome.refusals[i];
      if (refusal) return w.reject(refusal);
      this.expect(w.reservation);
      w.resolve();
    });
    this.onCommitted(outcome.charged);
    return outcome.charged;
  }

  /** The turn through the Kysely runner (which reports what it charges itself). */
  private async runOnKysely(
    moves: BalanceMove[],
    journaled: number,
    reserves: PendingReserve[],
  ): Promise<Charged[]> {
    for (const w of reserves) {
      const refusal = this.refusalOf(w.reservation);
      if (refusal) {
        w.reject(refusal);
        continue;
      }
      this.kysely.reserve(w.reservation, w.instanceId).then(() => {
        this.expect(w.reservation);
        w.resolve();
      }, w.reject);
    }
    if (moves.length > 0) await this.kysely.commit(moves);
    this.release(moves, journaled);
    return [];
  }
}
