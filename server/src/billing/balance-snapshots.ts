import type SQLite from 'better-sqlite3';
import type { LedgerAccount } from './ledger/entries.js';
import { balanceOf } from './ledger/relay-moves.js';
import { runSync } from './ledger/program.js';
import { readBudget } from './ledger/statements.js';
import { runRawSync } from '../db/raw-statement.js';

/** How long a snapshot may stand in for the row at most (writes by another process). */
const maxAgeMs = 1000;

/** The accounts that have budgets. */
export type BudgetAccount = Extract<LedgerAccount, 'user' | 'token'>;

/** A budget as a reservation checks it: its quota (0: none) and what its period used. */
export interface BudgetState {
  quota: number;
  used: number;
}

interface Snapshot<T> {
  value: T;
  /** The connection's `total_changes()` when the row was read. */
  changes: number;
  readAt: number;
  /** For a budget: the start of the period `used` belongs to. */
  start: number;
}

/**
 * Balances and budgets as the relay's memory holds read them on SQLite, kept until the
 * connection writes anything. A `SELECT` takes the WAL read lock (a few `fcntl` calls, the
 * largest part of a reservation); `total_changes()` touches no table, so it takes none. Every
 * write of this process goes through the one connection and moves that count: a settlement,
 * an administrator's adjustment, a top-up, in or out of a transaction. A write by another
 * process (an import run beside the server) is not counted, so a snapshot is read again after
 * a second at most; settlements stay guarded in the database whatever a snapshot said. Reads
 * inside a transaction are not kept (a rollback would take back what they saw).
 */
export class BalanceSnapshots {
  /** Snapshots per kind of balance, by id. */
  private readonly balances: Record<LedgerAccount, Map<number, Snapshot<number>>> = {
    user: new Map(),
    aff: new Map(),
    token: new Map(),
  };
  private readonly budgets: Record<BudgetAccount, Map<number, Snapshot<BudgetState>>> = {
    user: new Map(),
    token: new Map(),
  };
  private readonly totalChanges: SQLite.Statement<[], number>;

  constructor(
    private readonly raw: SQLite.Database,
    /** Milliseconds on a monotonic clock. */
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.totalChanges = raw.prepare<[], number>('select total_changes()').pluck();
  }

  /** What the balance holds now (0 for a missing row). */
  read(account: LedgerAccount, id: number): number {
    return this.cached(this.balances[account], id, 0, () =>
      runSync(this.raw, balanceOf(account, id)),
    );
  }

  /** The budget of an account and what its period starting at `start` used (none: quota 0). */
  budget(account: BudgetAccount, id: number, start: number): BudgetState {
    return this.cached(this.budgets[account], id, start, () => {
      const [row] = runRawSync(this.raw, readBudget(account, id, start)).rows;
      return { quota: Number(row?.quota ?? 0), used: Number(row?.used ?? 0) };
    });
  }

  private cached<T>(snapshots: Map<number, Snapshot<T>>, id: number, start: number, read: () => T) {
    // Inside a transaction a read may see writes that a rollback takes back: never kept.
    if (this.raw.inTransaction) return read();
    const changes = this.totalChanges.get()!;
    const now = this.clock();
    const known = snapshots.get(id);
    if (
      known &&
      known.changes === changes &&
      known.start === start &&
      now - known.readAt < maxAgeMs
    ) {
      return known.value;
    }
    const value = read();
    if (snapshots.size >= 10_000) snapshots.clear();
    snapshots.set(id, { value, changes, readAt: now, start });
    return value;
  }
}
