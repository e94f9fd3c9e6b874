import type SQLite from 'better-sqlite3';
import type { LedgerAccount } from './ledger/entries.js';
import { balanceOf } from './ledger/relay-moves.js';
import { runSync } from './ledger/program.js';

/** How long a snapshot may stand in for the row at most (writes by another process). */
const maxAgeMs = 1000;

interface Snapshot {
  balance: number;
  /** The connection's `total_changes()` when the balance was read. */
  changes: number;
  readAt: number;
}

/**
 * Balances as the relay's memory holds read them on SQLite, kept until the connection writes
 * anything. A `SELECT` of a balance takes the WAL read lock (a few `fcntl` calls, the largest
 * part of a reservation); `total_changes()` touches no table, so it takes none. Every write
 * of this process goes through the one connection and moves that count: a settlement, an
 * administrator's adjustment, a top-up, in or out of a transaction. A write by another
 * process (an import run beside the server) is not counted, so a snapshot is read again after
 * a second at most; settlements stay guarded in the database whatever a snapshot said. Reads
 * inside a transaction are not kept (a rollback would take back what they saw).
 */
export class BalanceSnapshots {
  /** Snapshots per kind of balance, by id. */
  private readonly snapshots: Record<LedgerAccount, Map<number, Snapshot>> = {
    user: new Map(),
    aff: new Map(),
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
    // Inside a transaction a read may see writes that a rollback takes back: never kept.
    if (this.raw.inTransaction) return runSync(this.raw, balanceOf(account, id));
    const changes = this.totalChanges.get()!;
    const now = this.clock();
    const snapshots = this.snapshots[account];
    const known = snapshots.get(id);
    if (known && known.changes === changes && now - known.readAt < maxAgeMs) return known.balance;
    const balance = runSync(this.raw, balanceOf(account, id));
    if (snapshots.size >= 10_000) snapshots.clear();
    snapshots.set(id, { balance, changes, readAt: now });
    return balance;
  }
}
