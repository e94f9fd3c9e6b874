import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { BalanceMove, Settlement } from './settle-plan.js';

/**
 * The settlements of delivered answers that are not committed yet, appended to a file beside
 * the SQLite database before an answer's last bytes leave. One `write` makes a charge outlive
 * the process (as SQLite's own WAL does without a sync), where a commit takes a few dozen page
 * writes. Every answer finishing in one turn of the event loop shares that write (at the
 * turn's `setImmediate`); the commits follow later and in larger batches, and the file is
 * emptied once nothing it holds is left uncommitted. The next start commits what a crash left
 * in it (`replaySettlements`) before it reconciles reservations.
 */
export class UsageJournal {
  private readonly fd: number;
  /** Settlements appended (written or about to be) and not committed yet. */
  private readonly open = new Set<BalanceMove>();
  /** Lines appended since the last write, and the promise of that write. */
  private lines: string[] = [];
  private written: Deferred | undefined;
  /** A write failed part way: the next one first ends the line it cut short. */
  private torn = false;
  /** Something was written since the file was last emptied. */
  private dirty = false;
  private buffer = Buffer.allocUnsafeSlow(64 * 1024);

  constructor(readonly path: string) {
    this.fd = openSync(path, 'a');
  }

  /** The settlements the file holds; a line a crash cut short was never acknowledged. */
  read(): Settlement[] {
    if (!existsSync(this.path)) return [];
    return readFileSync(this.path, 'utf8')
      .split('\n')
      .flatMap((line) => {
        try {
          return line === '' ? [] : [JSON.parse(line) as Settlement];
        } catch {
          return [];
        }
      });
  }

  /**
   * Appends a settlement; it survives a crash of the process once the promise resolves (at
   * the end of this turn of the event loop, or at `write`). Rejects when the write failed:
   * the settlement is not in the file then.
   */
  append(settlement: Settlement): Promise<void> {
    this.lines.push(JSON.stringify(settlement));
    this.open.add(settlement);
    if (!this.written) {
      this.written = deferred();
      setImmediate(() => this.write());
    }
    return this.written.promise;
  }

  /** Writes what is appended and not written yet, in one `write`. */
  write(): void {
    const written = this.written;
    if (!written) return;
    const lines = this.lines;
    this.lines = [];
    this.written = undefined;
    const text = `${this.torn ? '\n' : ''}${lines.join('\n')}\n`;
    try {
      const length = this.encode(text);
      this.dirty = true;
      for (let at = 0; at < length;) at += writeSync(this.fd, this.buffer, at, length - at);
      this.torn = false;
      written.resolve();
    } catch (error) {
      // Those settlements are not (wholly) in the file; their answers wait for a commit.
      this.torn = true;
      written.reject(error);
    }
  }

  /** The moves are committed (or given up); empties the file once nothing is left open. */
  committed(moves: readonly BalanceMove[]): void {
    for (const move of moves) this.open.delete(move);
    if (this.open.size === 0 && this.dirty && this.lines.length === 0) this.empty();
  }

  /** Forgets what is open and empties the file (after what it held was replayed). */
  clear(): void {
    this.open.clear();
    this.empty();
  }

  close(): void {
    closeSync(this.fd);
  }

  /**
   * Encodes `text` into the reused write buffer (grown as needed); returns its length. A new
   * buffer per write would be a `malloc` per turn, freed only by the next garbage collection.
   */
  private encode(text: string): number {
    const length = Buffer.byteLength(text);
    if (length > this.buffer.length) {
      this.buffer = Buffer.allocUnsafeSlow(Math.max(length, this.buffer.length * 2));
    }
    return this.buffer.write(text);
  }

  private empty(): void {
    try {
      ftruncateSync(this.fd, 0);
    } catch {
      // Kept lines are harmless: a replay skips settlements committed before.
      return;
    }
    this.dirty = false;
    this.torn = false;
  }
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
