import type { Insertable } from 'kysely';
import { AppError } from '../errors.js';
import type { LogsTable } from '../db/schema/index.js';
import type { Reservation } from './reservation.js';

/**
 * A log row to write with a settlement; planning sets `quota` to what was really charged (the
 * row itself is written, not a copy: a batch commits hundreds of them).
 */
export type LogDraft = Insertable<LogsTable> & { quota: number; other: string };

/** SETTLE: a finished request, charged by its real usage. */
export interface Settlement {
  kind: 'settle';
  reservation: Reservation;
  /** The cost by real usage. */
  quota: number;
  /** Channel that served it (its `used_quota` grows). */
  channelId: number;
  /** The consume log (type 2), or null when consume logs are off. */
  log: LogDraft | null;
  /** What the hourly roll-up needs. */
  usage: { username: string; modelName: string; tokens: number; createdAt: number };
}

/** REFUND: a failed request; its whole reservation goes back. */
export interface Refund {
  kind: 'refund';
  reservation: Reservation;
  /** The error log (type 5, quota 0), or null. */
  log: LogDraft | null;
}

/** One queued balance move. */
export type BalanceMove = Settlement | Refund;

/** What a committed move charged. */
export interface Charged {
  move: BalanceMove;
  /** Quota really taken (the cost, or less when the balance ran out). */
  quota: number;
}

/** Refund, usage and request count to add to one balance row. */
export interface Totals {
  refund: number;
  used: number;
  count: number;
}

/** The statements of a batch after its extra charges: additions per row, and log rows. */
export interface SettlePlan {
  /** By user id, ascending (a fixed lock order). */
  users: Array<[number, Totals]>;
  /** By key id, ascending; `refund` only for keys whose reservation was limited. */
  tokens: Array<[number, Totals]>;
  /** `used_quota` additions by channel id, ascending. */
  channels: Array<[number, number]>;
  logs: Array<Insertable<LogsTable>>;
}

/** Thrown inside a batch when some reservation is gone (already reconciled elsewhere). */
export class ReservationGone extends Error {}

/**
 * The charge of an answer could not be committed (the database unreachable): nothing was
 * charged, so the answer must not reach the client whole.
 */
export class SettlementFailed extends AppError {
  constructor() {
    super('charge_not_recorded', undefined, 503);
  }
}

/** Moves in a fixed order (by user), so concurrent batches lock rows in the same order. */
export const inLockOrder = (moves: BalanceMove[]): BalanceMove[] =>
  [...moves].sort((a, b) => a.reservation.userId - b.reservation.userId);

function addTo(map: Map<number, Totals>, id: number, refund: number, used: number, count: number) {
  const t = map.get(id);
  if (t) {
    t.refund += refund;
    t.used += used;
    t.count += count;
  } else map.set(id, { refund, used, count });
}

const ascending = <T>(map: Map<number, T>): Array<[number, T]> =>
  [...map].sort(([a], [b]) => a - b);

/**
 * Plans the additions of charged moves: each returns `reserved − charged` to the user (and a
 * limited key) and adds `charged` to used quota and 1 to the request count on success.
 */
export function planTotals(
  charged: Charged[],
  reservedOf: (move: BalanceMove) => number,
): SettlePlan {
  const users = new Map<number, Totals>();
  const tokens = new Map<number, Totals>();
  const channels = new Map<number, number>();
  const logs: Array<Insertable<LogsTable>> = [];
  for (const { move, quota } of charged) {
    const r = move.reservation;
    const refund = Math.max(0, reservedOf(move) - quota);
    const count = move.kind === 'settle' ? 1 : 0;
    addTo(users, r.userId, refund, quota, count);
    if (r.tokenId > 0) addTo(tokens, r.tokenId, r.tokenLimited ? refund : 0, quota, count);
    if (move.kind === 'settle' && quota > 0) {
      channels.set(move.channelId, (channels.get(move.channelId) ?? 0) + quota);
    }
    if (move.log) {
      const shortfall = move.kind === 'settle' ? move.quota - quota : 0;
      move.log.quota = quota;
      // `other` is a JSON object text; a shortfall is appended as one more field (on a copy, so
      // that planning the same move again after a failed batch appends it once).
      const { other } = move.log;
      logs.push(
        shortfall > 0
          ? { ...move.log, other: `${other.slice(0, -1)},"shortfall":${shortfall}}` }
          : move.log,
      );
    }
  }
  return {
    users: ascending(users),
    tokens: ascending(tokens),
    channels: ascending(channels),
    logs,
  };
}
