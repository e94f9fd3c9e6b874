import type { Transaction } from 'kysely';
import type { BaseContext } from '../base-context.js';
import { dialectOf } from '../db/dialect.js';
import type { Database } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { nowSeconds } from '../lib/time.js';

/**
 * RESERVE, SETTLE, REFUND: the three balance moves of a relay request. Each balance change is
 * one guarded statement (`quota = quota - x WHERE quota >= x`), so no concurrency overdraws;
 * a reservation row records what is held so that a crash is reconciled at the next start.
 */

/** Quota held for one in-flight request. */
export interface Reservation {
  /** The request id (also the log row's `request_id`). */
  id: string;
  userId: number;
  /** 0 when the request is billed without a key (playground). */
  tokenId: number;
  /** Whether the key's own `remain_quota` was reduced too (keys without the unlimited flag). */
  tokenLimited: boolean;
  /** Quota held; 0 = nothing held and no reservation row (free model). */
  quota: number;
}

type Trx = Transaction<Database>;
type Balance = 'users' | 'tokens';

/**
 * RESERVE: in one transaction, takes `quota` from the user and (unless unlimited) the key,
 * each with a guarded statement, and records the reservation. Throws
 * `insufficient_user_quota` or `insufficient_token_quota` (403) with nothing changed.
 */
export async function reserveQuota(
  ctx: Pick<BaseContext, 'db'>,
  reservation: Reservation,
  instanceId: string,
): Promise<void> {
  if (reservation.quota <= 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await debit(trx, 'users', reservation.userId, reservation.quota))) {
      throw new AppError('insufficient_user_quota', undefined, 403);
    }
    if (reservation.tokenLimited && reservation.tokenId > 0) {
      if (!(await debit(trx, 'tokens', reservation.tokenId, reservation.quota))) {
        throw new AppError('insufficient_token_quota', undefined, 403);
      }
    }
    await trx
      .insertInto('reservations')
      .values({
        id: reservation.id,
        user_id: reservation.userId,
        token_id: reservation.tokenId,
        quota: reservation.quota,
        token_limited: reservation.tokenLimited ? 1 : 0,
        created_at: nowSeconds(),
        instance_id: instanceId,
      })
      .execute();
  });
}

/** Takes `amount` from a balance only if it covers it; true when taken. */
export async function debit(
  trx: Trx,
  table: Balance,
  id: number,
  amount: number,
): Promise<boolean> {
  const result =
    table === 'users'
      ? await trx
          .updateTable('users')
          .set((eb) => ({ quota: eb('quota', '-', amount) }))
          .where('id', '=', id)
          .where('quota', '>=', amount)
          .executeTakeFirst()
      : await trx
          .updateTable('tokens')
          .set((eb) => ({ remain_quota: eb('remain_quota', '-', amount) }))
          .where('id', '=', id)
          .where('remain_quota', '>=', amount)
          .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives `amount` back to a balance. */
export async function credit(trx: Trx, table: Balance, id: number, amount: number): Promise<void> {
  if (amount === 0) return;
  if (table === 'users') {
    await trx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', amount) }))
      .where('id', '=', id)
      .execute();
  } else {
    await trx
      .updateTable('tokens')
      .set((eb) => ({ remain_quota: eb('remain_quota', '+', amount) }))
      .where('id', '=', id)
      .execute();
  }
}

/**
 * Takes up to `amount`: all of it when the balance covers it, else what is left down to 0
 * (the row is locked first on PostgreSQL and MySQL; the take is still guarded). Returns the
 * amount taken; the balance never goes negative.
 */
async function debitUpTo(trx: Trx, table: Balance, id: number, amount: number): Promise<number> {
  if (amount <= 0 || (await debit(trx, table, id, amount))) return Math.max(0, amount);
  const column = table === 'users' ? 'quota' : 'remain_quota';
  let query = trx.selectFrom(table).select(`${column} as balance`).where('id', '=', id);
  // SQLite has no FOR UPDATE; its write transaction already excludes other writers.
  if (dialectOf(trx) !== 'sqlite') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  const available = Math.min(amount, Math.max(0, Number(row?.balance ?? 0)));
  if (available === 0) return 0;
  return (await debit(trx, table, id, available)) ? available : 0;
}

/**
 * Charges `extra` beyond a reservation on the user and (when limited) the key alike, taking
 * what is left down to 0 when a balance cannot cover it. Returns the amount charged.
 */
export async function chargeExtra(
  trx: Trx,
  reservation: Reservation,
  extra: number,
): Promise<number> {
  const fromUser = await debitUpTo(trx, 'users', reservation.userId, extra);
  if (!reservation.tokenLimited || reservation.tokenId === 0 || fromUser === 0) return fromUser;
  const fromToken = await debitUpTo(trx, 'tokens', reservation.tokenId, fromUser);
  if (fromToken < fromUser) await credit(trx, 'users', reservation.userId, fromUser - fromToken);
  return fromToken;
}

/** Gives a whole reservation back to the user and (when limited) the key. */
export async function creditReservation(
  trx: Trx,
  reservation: Reservation,
  amount: number,
): Promise<void> {
  await credit(trx, 'users', reservation.userId, amount);
  if (reservation.tokenLimited && reservation.tokenId > 0) {
    await credit(trx, 'tokens', reservation.tokenId, amount);
  }
}
