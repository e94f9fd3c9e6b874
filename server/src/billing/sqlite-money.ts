import type SQLite from 'better-sqlite3';
import type { Insertable } from 'kysely';
import type { LogsTable } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { nowSeconds } from '../lib/time.js';
import type { Reservation } from './quota.js';
import {
  inLockOrder,
  planTotals,
  ReservationGone,
  type BalanceMove,
  type Charged,
} from './settle-plan.js';

/** A reservation waiting for the next batch transaction. */
interface PendingReserve {
  reservation: Reservation;
  instanceId: string;
  fallback: (r: Reservation) => Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * RESERVE and the settlement batches on SQLite, run synchronously with prepared statements on
 * the one connection (the same guarded statements as the Kysely path). A synchronous
 * transaction cannot interleave with anything, so a reservation costs microseconds; callers
 * must use the Kysely path instead while a Kysely transaction holds the connection (`busy`).
 */
export class SqliteMoney {
  private readonly s;
  private readonly reserveTx;
  private readonly batchTx;
  private waiting: PendingReserve[] = [];

  constructor(private readonly raw: SQLite.Database) {
    const p = (sql: string) => raw.prepare(sql);
    this.s = {
      debitUser: p('update users set quota = quota - ? where id = ? and quota >= ?'),
      debitToken: p(
        'update tokens set remain_quota = remain_quota - ? where id = ? and remain_quota >= ?',
      ),
      creditUser: p('update users set quota = quota + ? where id = ?'),
      userBalance: p('select quota as balance from users where id = ?').pluck(),
      tokenBalance: p('select remain_quota as balance from tokens where id = ?').pluck(),
      reserve: p(
        `insert into reservations (id, user_id, token_id, quota, token_limited, created_at, instance_id)
         values (?, ?, ?, ?, ?, ?, ?)`,
      ),
      unreserve: p('delete from reservations where id = ?'),
      userTotals: p(
        `update users set quota = quota + ?, used_quota = used_quota + ?,
         request_count = request_count + ? where id = ?`,
      ),
      tokenTotals: p(
        `update tokens set remain_quota = remain_quota + ?, used_quota = used_quota + ?,
         accessed_time = ? where id = ?`,
      ),
      channelUsed: p('update channels set used_quota = used_quota + ? where id = ?'),
      log: p(
        `insert into logs (user_id, created_at, type, content, username, token_id, token_name,
         model_name, quota, prompt_tokens, completion_tokens, use_time, is_stream, channel_id,
         "group", ip, request_id, other) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    };
    this.reserveTx = raw.transaction((batch: PendingReserve[]) =>
      batch.map((w) => this.reserveNow(w.reservation, w.instanceId)),
    );
    this.batchTx = raw.transaction((moves: BalanceMove[], strict: boolean) =>
      this.commitNow(moves, strict),
    );
  }

  /** True while a Kysely transaction holds the connection (use the Kysely path then). */
  get busy(): boolean {
    return this.raw.inTransaction;
  }

  /**
   * RESERVE: joins the reservations made in this turn of the event loop and commits them in
   * one synchronous transaction at the next `setImmediate` (one WAL write for many requests).
   * Rejects with the insufficient-quota errors; `fallback` runs it on the Kysely path when a
   * Kysely transaction holds the connection at that moment.
   */
  reserve(
    reservation: Reservation,
    instanceId: string,
    fallback: (r: Reservation) => Promise<void>,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ reservation, instanceId, fallback, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => this.reserveWaiting());
    });
  }

  private reserveWaiting(): void {
    const batch = this.waiting;
    this.waiting = [];
    if (this.busy) {
      for (const w of batch) w.fallback(w.reservation).then(w.resolve, w.reject);
      return;
    }
    let outcomes: Array<AppError | null>;
    try {
      outcomes = this.reserveTx(batch);
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => (outcomes[i] ? w.reject(outcomes[i]) : w.resolve()));
  }

  /**
   * Commits a batch in one synchronous transaction. With `strict`, a missing reservation
   * aborts it (ReservationGone); otherwise a missing one counts as nothing reserved.
   */
  commit(moves: BalanceMove[], strict = true): Charged[] {
    return this.batchTx(moves, strict);
  }

  /** One reservation inside the batch transaction; a refusal leaves nothing changed. */
  private reserveNow(r: Reservation, instanceId: string): AppError | null {
    if (this.s.debitUser.run(r.quota, r.userId, r.quota).changes !== 1) {
      return new AppError('insufficient_user_quota', undefined, 403);
    }
    if (
      r.tokenLimited &&
      r.tokenId > 0 &&
      this.s.debitToken.run(r.quota, r.tokenId, r.quota).changes !== 1
    ) {
      this.s.creditUser.run(r.quota, r.userId);
      return new AppError('insufficient_token_quota', undefined, 403);
    }
    this.s.reserve.run(
      r.id,
      r.userId,
      r.tokenId,
      r.quota,
      r.tokenLimited ? 1 : 0,
      nowSeconds(),
      instanceId,
    );
    return null;
  }

  private commitNow(moves: BalanceMove[], strict: boolean): Charged[] {
    const gone = new Set<BalanceMove>();
    for (const move of moves) {
      if (move.reservation.quota <= 0) continue;
      if (this.s.unreserve.run(move.reservation.id).changes === 1) continue;
      if (strict) throw new ReservationGone();
      gone.add(move);
    }
    const reservedOf = (move: BalanceMove) => (gone.has(move) ? 0 : move.reservation.quota);
    const charged: Charged[] = [];
    for (const move of inLockOrder(moves)) {
      const reserved = reservedOf(move);
      let quota = 0;
      if (move.kind === 'settle') {
        quota =
          move.quota <= reserved
            ? move.quota
            : reserved + this.chargeExtra(move.reservation, move.quota - reserved);
      }
      charged.push({ move, quota });
    }
    const plan = planTotals(charged, reservedOf);
    for (const [id, t] of plan.users) this.s.userTotals.run(t.refund, t.used, t.count, id);
    const now = nowSeconds();
    for (const [id, t] of plan.tokens) this.s.tokenTotals.run(t.refund, t.used, now, id);
    for (const [id, used] of plan.channels) this.s.channelUsed.run(used, id);
    for (const row of plan.logs) this.insertLog(row);
    return charged;
  }

  /** Takes up to `amount` from a balance, never below 0; returns what was taken. */
  private debitUpTo(table: 'users' | 'tokens', id: number, amount: number): number {
    const debit = table === 'users' ? this.s.debitUser : this.s.debitToken;
    if (debit.run(amount, id, amount).changes === 1) return amount;
    const balance = Number(
      (table === 'users' ? this.s.userBalance : this.s.tokenBalance).get(id) ?? 0,
    );
    const available = Math.min(amount, Math.max(0, balance));
    return available > 0 && debit.run(available, id, available).changes === 1 ? available : 0;
  }

  private chargeExtra(r: Reservation, extra: number): number {
    const fromUser = this.debitUpTo('users', r.userId, extra);
    if (!r.tokenLimited || r.tokenId === 0 || fromUser === 0) return fromUser;
    const fromToken = this.debitUpTo('tokens', r.tokenId, fromUser);
    if (fromToken < fromUser) this.s.creditUser.run(fromUser - fromToken, r.userId);
    return fromToken;
  }

  private insertLog(row: Insertable<LogsTable>): void {
    this.s.log.run(
      row.user_id,
      row.created_at,
      row.type,
      row.content,
      row.username ?? '',
      row.token_id ?? 0,
      row.token_name ?? '',
      row.model_name ?? '',
      row.quota ?? 0,
      row.prompt_tokens ?? 0,
      row.completion_tokens ?? 0,
      row.use_time ?? 0,
      row.is_stream ?? 0,
      row.channel_id ?? 0,
      row.group ?? '',
      row.ip ?? '',
      row.request_id ?? '',
      row.other,
    );
  }
}
