import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { Settlement } from './settle-plan.js';

/**
 * The settlements of delivered answers that are not committed yet, appended to a file beside
 * the SQLite database before an answer's last bytes leave. One `write` makes a charge outlive
 * the process (as SQLite's own WAL does without a sync), where a commit takes a few dozen page
 * writes; the relay commits the settlements at the next turn of the event loop and empties the
 * file once nothing appended is left uncommitted. The next start commits what a crash left in
 * it (`replaySettlements`) before it reconciles reservations.
 */
export class UsageJournal {
  private readonly fd: number;
  /** Settlements appended and not yet committed (or given up). */
  private outstanding = 0;

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

  /** Appends a settlement; it survives a crash of the process once this returns. */
  append(settlement: Settlement): void {
    const line = Buffer.from(`${JSON.stringify(settlement)}\n`);
    for (let written = 0; written < line.length;) {
      written += writeSync(this.fd, line, written);
    }
    this.outstanding++;
  }

  /** `count` appended settlements are committed (or given up); empties the file when none is left. */
  done(count: number): void {
    if (count === 0) return;
    this.outstanding -= count;
    if (this.outstanding === 0) ftruncateSync(this.fd, 0);
  }

  /** Empties the file (after what it held was replayed). */
  clear(): void {
    this.outstanding = 0;
    ftruncateSync(this.fd, 0);
  }

  close(): void {
    closeSync(this.fd);
  }
}
