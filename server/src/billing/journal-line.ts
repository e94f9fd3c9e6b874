import { logColumns, pushLogValues } from './ledger/statements.js';
import type { Reservation } from './reservation.js';
import type { LogDraft, Settlement } from './settle-plan.js';

/**
 * A settlement as one line of the usage journal: a JSON array in a fixed order, with the
 * consume log's columns in the order of their INSERT and its `other` (a JSON object text
 * already) written as it is rather than quoted again. It is written for every delivered
 * answer: half the bytes of the settlement as an object, and half the time to encode.
 * Lines of that object form (written by earlier versions) are still read.
 */

const version = 1;
/** The log columns written one by one; `other` follows them as it is. */
const plainColumns = logColumns.filter((column) => column !== 'other');

/** The ASCII codes the encoder writes as single bytes. */
export const ascii = {
  newline: 10,
  quote: 34,
  comma: 44,
  minus: 45,
  zero: 48,
  openBracket: 91,
  closeBracket: 93,
  backslash: 92,
} as const;

/**
 * Strings up to this long are copied a character at a time when they are plain ASCII: for the
 * short strings of a line (ids, names, the model) a loop here costs less than a call into
 * `Buffer.write`'s UTF-8 encoder; longer ones go there.
 */
const maxCopiedChars = 64;

/** Any character `JSON.stringify` escapes (or a surrogate, which may be a lone one). */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const needsEscape = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A growing byte buffer that JSON values are appended to as they come: numbers as digits,
 * strings as UTF-8 between quotes (escaped by `JSON.stringify` only when they need it), so a
 * line never exists as a string of its own (built of dozens of pieces, each an allocation, and
 * flattened again to be copied in). It is reused from line to line.
 */
export class JsonBytes {
  buffer: Buffer;
  length = 0;

  constructor(size = 64 * 1024) {
    this.buffer = Buffer.allocUnsafeSlow(size);
  }

  /** Appends text as it is. */
  raw(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; measured only when that might not fit.
    if (text.length * 3 > this.buffer.length - this.length) this.reserve(Buffer.byteLength(text));
    this.length += this.buffer.write(text, this.length);
  }

  /**
   * Appends a short ASCII text (a line's punctuation) as it is: for a few characters the call
   * into `Buffer.write`'s encoder costs more than the copy.
   */
  ascii(text: string): void {
    if (this.buffer.length - this.length < text.length) this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.length++] = text.charCodeAt(i);
  }

  /** Appends one ASCII character. */
  char(code: number): void {
    if (this.length === this.buffer.length) this.reserve(1);
    this.buffer[this.length++] = code;
  }

  /**
   * Appends a value as JSON; a number that JSON cannot hold is null, as `JSON.stringify`
   * writes it.
   */
  value(value: unknown): void {
    if (typeof value === 'number') {
      if (Number.isSafeInteger(value)) this.integer(value);
      else this.raw(Number.isFinite(value) ? `${value}` : 'null');
    } else if (typeof value === 'string') {
      this.string(value);
    } else {
      this.raw(value === undefined ? 'null' : JSON.stringify(value));
    }
  }

  /** Appends a string as JSON, escaped by `JSON.stringify` only when it needs it. */
  private string(value: string): void {
    if (value.length <= maxCopiedChars && this.copyAscii(value)) return;
    if (needsEscape.test(value)) {
      this.raw(JSON.stringify(value));
      return;
    }
    this.char(ascii.quote);
    this.raw(value);
    this.char(ascii.quote);
  }

  /** Empties the buffer (keeping its memory). */
  clear(): void {
    this.length = 0;
  }

  /** The bytes appended as text. */
  toString(): string {
    return this.buffer.toString('utf8', 0, this.length);
  }

  /**
   * Appends a string of printable ASCII that JSON writes as it is, between quotes, a byte per
   * character; false, with nothing appended, for any other string.
   */
  private copyAscii(value: string): boolean {
    if (this.buffer.length - this.length < value.length + 2) this.reserve(value.length + 2);
    const buffer = this.buffer;
    let at = this.length;
    buffer[at++] = ascii.quote;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c < 32 || c > 126 || c === ascii.quote || c === ascii.backslash) return false;
      buffer[at++] = c;
    }
    buffer[at++] = ascii.quote;
    this.length = at;
    return true;
  }

  /** A safe integer's digits: 16 at most, and a sign. */
  private integer(value: number): void {
    if (this.buffer.length - this.length < 17) this.reserve(17);
    if (value < 0) {
      this.buffer[this.length++] = ascii.minus;
      value = -value;
    }
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    this.length += digits;
    // `value - next * 10` rather than `value % 10`: once a value is a double to V8, `%` is a
    // call to the C library's fmod for every digit.
    for (let at = this.length - 1; digits > 0; digits--, at--) {
      const next = Math.floor(value / 10);
      this.buffer[at] = ascii.zero + (value - next * 10);
      value = next;
    }
  }

  /** Grows the buffer so that `bytes` more fit. */
  private reserve(bytes: number): void {
    if (this.buffer.length - this.length >= bytes) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.length + bytes, this.buffer.length * 2));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

/** Appends the journal line of a settlement (without its line break). */
export function writeJournalLine(s: Settlement, out: JsonBytes): void {
  const { reservation: r, usage: u, log } = s;
  out.char(ascii.openBracket);
  out.value(version);
  for (const value of [r.id, r.userId, r.tokenId, r.tokenLimited ? 1 : 0, r.quota]) {
    out.char(ascii.comma);
    out.value(value);
  }
  out.ascii(r.inMemory ? ',1,' : ',0,');
  if (r.budget) {
    out.char(ascii.openBracket);
    out.value(r.budget.user);
    out.char(ascii.comma);
    out.value(r.budget.token);
    out.char(ascii.closeBracket);
  } else out.ascii('null');
  for (const value of [s.quota, s.channelId, u.username, u.modelName, u.tokens, u.createdAt]) {
    out.char(ascii.comma);
    out.value(value);
  }
  if (!log) {
    out.ascii(',null]');
    return;
  }
  out.ascii(',[');
  // The values in column order, `other` last; defaults are written as such, not as null.
  const values: unknown[] = [];
  pushLogValues(values, log);
  for (let i = 0; i < values.length - 1; i++) {
    out.value(values[i]);
    out.char(ascii.comma);
  }
  out.raw(log.other);
  out.ascii(']]');
}

/** The journal line of a settlement as text (without its line break). */
export function journalLine(s: Settlement): string {
  const out = new JsonBytes(1024);
  writeJournalLine(s, out);
  return out.toString();
}

type Line = [
  typeof version,
  string,
  number,
  number,
  0 | 1,
  number,
  0 | 1,
  [number | null, number | null] | null,
  number,
  number,
  string,
  string,
  number,
  number,
  unknown[] | null,
];

/** The settlement of a journal line (either form); null for a line of an unknown version. */
export function settlementOfLine(text: string): Settlement | null {
  const parsed = JSON.parse(text) as Line | Settlement;
  if (!Array.isArray(parsed)) return parsed;
  const [v, id, userId, tokenId, limited, held, inMemory, budget, quota, channelId, ...tail] =
    parsed;
  if (v !== version) return null;
  const [username, modelName, tokens, createdAt, log] = tail;
  const reservation: Reservation = {
    id,
    userId,
    tokenId,
    tokenLimited: limited === 1,
    quota: held,
  };
  if (budget) reservation.budget = { user: budget[0], token: budget[1] };
  if (inMemory === 1) reservation.inMemory = true;
  return {
    kind: 'settle',
    reservation,
    quota,
    channelId,
    log: log ? logOf(log) : null,
    usage: { username, modelName, tokens, createdAt },
  };
}

function logOf(values: unknown[]): LogDraft {
  const row: Record<string, unknown> = {};
  plainColumns.forEach((column, i) => {
    if (values[i] !== null) row[column] = values[i];
  });
  row.other = JSON.stringify(values[plainColumns.length]);
  return row as unknown as LogDraft;
}
