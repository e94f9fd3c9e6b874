import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { ascii, JsonBytes, settlementOfLine, writeJournalLine } from './journal-line.js';
import type { Settlement } from './settle-plan.js';

/**
 * The settlements of delivered answers that are not committed yet, appended to a file beside
 * the SQLite database before an answer's last bytes leave. One `write` makes a charge outlive
 * the process (as SQLite's own WAL does without a sync), where a commit takes a few dozen page
 * writes. Every answer finishing in one turn of the event loop shares that write (at the
 * turn's `setImmediate`), unless no other answer can come to share it (`append`'s `now`); the
 * commits follow later and in larger batches, and the file is emptied once nothing it holds
 * is left uncommitted. The next start commits what a crash left in it (`replaySettlements`)
 * before it reconciles reservations.
 */
export class UsageJournal {
  private readonly fd: number;
  /**
   * How many settlements are appended (written or about to be) and not committed yet. A count
   * rather than a set of them: a long-lived set's table, promoted to the old generation and
   * dropped when it grows, keeps every settlement it held alive through young collections
   * until the next full one, and all they point to with them.
   */
  private open = 0;
  /**
   * The lines appended since the last write, encoded into a reused buffer as they come (a new
   * buffer per write would be a `malloc` per turn, freed only by the next garbage collection),
   * and that write's promise.
   */
  private readonly lines = new JsonBytes();
  private written: Deferred | undefined;
  /** A write failed part way: the next one first ends the line it cut short. */
  private torn = false;
  /** Something was written since the file was last emptied. */
  private dirty = false;
  /** The end-of-turn write, made once rather than per turn. */
  private readonly writeLater = () => this.write();

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
          const settlement = line === '' ? null : settlementOfLine(line);
          return settlement ? [settlement] : [];
        } catch {
          return [];
        }
      });
  }

  /**
   * Appends a settlement; it survives a crash of the process once the promise resolves (at
   * the end of this turn of the event loop, at `write`, or at once when `now`: nothing else
   * is on its way to share the turn's write). Rejects when the write failed: the settlement
   * is not in the file then.
   */
  append(settlement: Settlement, now = false): Promise<void> {
    if (!this.written) {
      this.written = deferred();
      // A write that failed part way left a line unended: the next line starts on a new one.
      if (this.torn) this.lines.char(ascii.newline);
      if (!now) setImmediate(this.writeLater);
    }
    writeJournalLine(settlement, this.lines);
    this.lines.char(ascii.newline);
    this.open++;
    const written = this.written.promise;
    if (now) this.write();
    return written;
  }

  /** Writes what is appended and not written yet, in one `write`. */
  write(): void {
    const written = this.written;
    if (!written) return;
    const { buffer, length } = this.lines;
    this.lines.clear();
    this.written = undefined;
    try {
      this.dirty = true;
      for (let at = 0; at < length;) at += writeSync(this.fd, buffer, at, length - at);
      this.torn = false;
      written.resolve();
    } catch (error) {
      // Those settlements are not (wholly) in the file; their answers wait for a commit.
      this.torn = true;
      written.reject(error);
    }
  }

  /**
   * `count` appended settlements are committed (or given up); empties the file once nothing
   * is left open.
   */
  committed(count: number): void {
    this.open -= count;
    if (this.open === 0 && this.dirty && !this.written) this.empty();
  }

  /** Forgets what is open and empties the file (after what it held was replayed). */
  clear(): void {
    this.open = 0;
    this.empty();
  }

  close(): void {
    closeSync(this.fd);
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
