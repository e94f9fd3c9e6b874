import type { Insertable, Transaction } from 'kysely';
import type { AppContext } from '../context.js';
import type { Database, LogsTable } from '../db/schema/index.js';
import { chargeExtra, credit, type Reservation } from './quota.js';

/** A log row to write with a settlement; `quota` is filled in with what was really charged. */
export type LogDraft = Omit<Insertable<LogsTable>, 'quota' | 'other'> & {
  /** Billing detail, serialized as the `other` JSON. */
  other: Record<string, unknown>;
};

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

/** What a committed settlement charged, for the roll-up and exhaustion checks. */
export interface Charged {
  move: BalanceMove;
  /** Quota really taken (the cost, or less when the balance ran out). */
  quota: number;
}

type Trx = Transaction<Database>;

/** Thrown inside a batch when some reservation is gone (already reconciled elsewhere). */
export class ReservationGone extends Error {}

interface Totals {
  refund: number;
  used: number;
  count: number;
}

function addTo(map: Map<number, Totals>, id: number, refund: number, used: number, count: number) {
  const t = map.get(id) ?? { refund: 0, used: 0, count: 0 };
  t.refund += refund;
  t.used += used;
  t.count += count;
  map.set(id, t);
}

/**
 * Commits moves in one transaction: deletes their reservations (all must still exist, else
 * ReservationGone), charges extras beyond a reservation one by one (guarded), then applies
 * refunds and usage counters per user, key and channel, and inserts the log rows.
 * `held` says which reservations still exist; a gone one counts as nothing reserved.
 */
export async function commitMoves(
  trx: Trx,
  moves: BalanceMove[],
  held: (move: BalanceMove) => boolean = () => true,
): Promise<Charged[]> {
  const users = new Map<number, Totals>();
  const tokens = new Map<number, Totals>();
  const channels = new Map<number, number>();
  const charged: Charged[] = [];
  const ordered = [...moves].sort((a, b) => a.reservation.userId - b.reservation.userId);
  for (const move of ordered) {
    const r = move.reservation;
    const reserved = held(move) ? r.quota : 0;
    let taken = 0;
    if (move.kind === 'settle') {
      taken =
        move.quota <= reserved
          ? move.quota
          : reserved + (await chargeExtra(trx, r, move.quota - reserved));
    }
    const refund = Math.max(0, reserved - taken);
    const count = move.kind === 'settle' ? 1 : 0;
    addTo(users, r.userId, refund, taken, count);
    if (r.tokenId > 0) addTo(tokens, r.tokenId, r.tokenLimited ? refund : 0, taken, count);
    if (move.kind === 'settle' && taken > 0) {
      channels.set(move.channelId, (channels.get(move.channelId) ?? 0) + taken);
    }
    charged.push({ move, quota: taken });
  }
  await applyTotals(trx, users, tokens, channels);
  await insertLogs(trx, charged);
  return charged;
}

async function applyTotals(
  trx: Trx,
  users: Map<number, Totals>,
  tokens: Map<number, Totals>,
  channels: Map<number, number>,
): Promise<void> {
  for (const [id, t] of [...users].sort(([a], [b]) => a - b)) {
    if (t.used === 0 && t.count === 0) await credit(trx, 'users', id, t.refund);
    else {
      await trx
        .updateTable('users')
        .set((eb) => ({
          quota: eb('quota', '+', t.refund),
          used_quota: eb('used_quota', '+', t.used),
          request_count: eb('request_count', '+', t.count),
        }))
        .where('id', '=', id)
        .execute();
    }
  }
  for (const [id, t] of [...tokens].sort(([a], [b]) => a - b)) {
    if (t.used === 0 && t.count === 0) await credit(trx, 'tokens', id, t.refund);
    else {
      await trx
        .updateTable('tokens')
        .set((eb) => ({
          remain_quota: eb('remain_quota', '+', t.refund),
          used_quota: eb('used_quota', '+', t.used),
        }))
        .where('id', '=', id)
        .execute();
    }
  }
  for (const [id, used] of [...channels].sort(([a], [b]) => a - b)) {
    await trx
      .updateTable('channels')
      .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
      .where('id', '=', id)
      .execute();
  }
}

/** Rows per INSERT: well under every engine's bound-parameter limit. */
const logsPerInsert = 200;

async function insertLogs(trx: Trx, charged: Charged[]): Promise<void> {
  const rows: Array<Insertable<LogsTable>> = [];
  for (const { move, quota } of charged) {
    if (!move.log) continue;
    const shortfall = move.kind === 'settle' ? move.quota - quota : 0;
    const other = shortfall > 0 ? { ...move.log.other, shortfall } : move.log.other;
    rows.push({ ...move.log, quota, other: JSON.stringify(other) });
  }
  for (let i = 0; i < rows.length; i += logsPerInsert) {
    await trx
      .insertInto('logs')
      .values(rows.slice(i, i + logsPerInsert))
      .execute();
  }
}

/** Deletes the reservations of `moves`; throws ReservationGone when one no longer exists. */
export async function deleteReservations(trx: Trx, moves: BalanceMove[]): Promise<void> {
  const ids = moves.filter((m) => m.reservation.quota > 0).map((m) => m.reservation.id);
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    const result = await trx.deleteFrom('reservations').where('id', 'in', slice).executeTakeFirst();
    if (Number(result.numDeletedRows) !== slice.length) throw new ReservationGone();
  }
}

/** Commits one move alone; a reservation already gone counts as nothing reserved. */
export async function commitOne(ctx: AppContext, move: BalanceMove): Promise<Charged[]> {
  return ctx.db.transaction().execute(async (trx) => {
    let exists = true;
    if (move.reservation.quota > 0) {
      const result = await trx
        .deleteFrom('reservations')
        .where('id', '=', move.reservation.id)
        .executeTakeFirst();
      exists = Number(result.numDeletedRows) === 1;
    }
    return commitMoves(trx, [move], () => exists);
  });
}
