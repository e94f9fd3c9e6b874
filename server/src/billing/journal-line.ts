import { logColumns } from './ledger/statements.js';
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

/** A value as JSON; a number that JSON cannot hold is null, as `JSON.stringify` writes it. */
function json(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? `${value}` : 'null';
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** The journal line of a settlement (without its line break). */
export function journalLine(s: Settlement): string {
  const { reservation: r, usage: u, log } = s;
  const budget = r.budget ? `[${json(r.budget.user)},${json(r.budget.token)}]` : 'null';
  let line =
    `[${version},${json(r.id)},${json(r.userId)},${json(r.tokenId)},${r.tokenLimited ? 1 : 0}` +
    `,${json(r.quota)},${r.inMemory ? 1 : 0},${budget},${json(s.quota)},${json(s.channelId)}` +
    `,${json(u.username)},${json(u.modelName)},${json(u.tokens)},${json(u.createdAt)},`;
  if (!log) return `${line}null]`;
  line += '[';
  for (const column of plainColumns) line += `${json(log[column])},`;
  return `${line}${log.other}]]`;
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
