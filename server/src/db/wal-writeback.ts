import { closeSync, fdatasync, openSync } from 'node:fs';
import type SQLite from 'better-sqlite3';

/** How often the WAL's written pages are sent to the disk in the background. */
const writebackEveryMs = 200;

/**
 * Sends the pages of a SQLite database's WAL to the disk in the background (`fdatasync` on
 * libuv's thread pool), so that the checkpoint, which runs inside whichever commit crosses
 * SQLite's threshold and first syncs the WAL, finds little of it left to write. With
 * `synchronous = NORMAL` SQLite syncs only at checkpoints: the one sync of the WAL there wrote
 * everything gathered since the last one while the event loop waited (a settlement batch spent
 * about a third of its time waiting on the disk). Durability is SQLite's, unchanged: this only
 * makes its own sync find clean pages.
 */
export class WalWriteback {
  /** Syncs started so far. */
  syncs = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly totalChanges: SQLite.Statement<[], number>;
  /** The connection's `total_changes()` when the last sync started. */
  private synced = -1;
  private syncing = false;
  private closed = false;

  private constructor(
    private readonly raw: SQLite.Database,
    private readonly fd: number,
  ) {
    this.totalChanges = raw.prepare<[], number>('select total_changes()').pluck();
    this.timer = setInterval(() => this.writeback(), writebackEveryMs).unref();
  }

  /** Starts on a connection to a database file in WAL mode; null when it has no WAL file. */
  static start(raw: SQLite.Database): WalWriteback | null {
    if (raw.memory) return null;
    try {
      return new WalWriteback(raw, openSync(`${raw.name}-wal`, 'r'));
    } catch {
      return null;
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.closed = true;
    if (!this.syncing) closeSync(this.fd);
  }

  private writeback(): void {
    if (this.syncing || !this.raw.open) return;
    // Every write of the process goes through this connection: none since the last sync
    // (an idle server) leaves nothing to send, and the thread pool is not woken for it.
    const changes = this.totalChanges.get()!;
    if (changes === this.synced) return;
    this.synced = changes;
    this.syncs++;
    this.syncing = true;
    // A failed sync changes nothing: SQLite's own sync at the checkpoint still runs.
    fdatasync(this.fd, () => {
      this.syncing = false;
      if (this.closed) closeSync(this.fd);
    });
  }
}
