import { TokenStatus } from '@gateway/shared';
import type { AppContext } from '../context.js';
import { sqliteHandleOf } from '../db/client.js';
import { markTokenExhausted } from '../domain/tokens/token-status.js';
import { randomId } from '../lib/random.js';
import { reserveQuota, type Reservation } from './quota.js';
import { instanceKey, reconcileReservations } from './reconcile.js';
import type { Charged, Refund, Settlement } from './settle-plan.js';
import { SettlementQueue } from './settlement-queue.js';
import { SqliteMoney } from './sqlite-money.js';

/** Seconds an instance's liveness key lives without a refresh. */
const aliveTtlSeconds = 30;
const heartbeatMs = 10_000;
/** With several instances (Redis), how often stopped instances' reservations are reconciled. */
const reconcileEveryMs = 60_000;

/** The relay's money operations for one process. */
export interface Billing {
  /** This process's id, stamped on its reservations. */
  readonly instanceId: string;
  /** RESERVE now (atomic, guarded); throws `insufficient_user_quota` / `insufficient_token_quota`. */
  reserve(reservation: Reservation): Promise<void>;
  /** SETTLE later, in the next batch (never on the request path). */
  settle(settlement: Settlement): void;
  /** REFUND later, in the next batch. */
  refund(refund: Refund): void;
  /** Commits every queued settlement and refund now. */
  flush(): Promise<void>;
}

const services = new WeakMap<AppContext, Billing>();

/** The billing service of a context (created on first use). */
export function billingOf(ctx: AppContext): Billing {
  let billing = services.get(ctx);
  if (!billing) {
    const instanceId = randomId(9);
    const raw = sqliteHandleOf(ctx.db);
    const sqlite = raw ? new SqliteMoney(raw) : undefined;
    const queue = new SettlementQueue(ctx, sqlite, (charged) => afterCommit(ctx, charged));
    billing = {
      instanceId,
      reserve: async (reservation) => {
        if (reservation.quota <= 0) return;
        // SQLite: batched synchronous transactions unless a Kysely transaction holds the connection.
        const viaKysely = (r: Reservation) => reserveQuota(ctx, r, instanceId);
        if (sqlite) await sqlite.reserve(reservation, instanceId, viaKysely);
        else await viaKysely(reservation);
      },
      settle: (settlement) => queue.push(settlement),
      refund: (refund) => queue.push(refund),
      flush: () => queue.flush(),
    };
    services.set(ctx, billing);
  }
  return billing;
}

const started = new WeakSet<AppContext>();

/**
 * Starts billing for a process (idempotent): announces this instance as alive, refunds the
 * reservations that stopped processes left behind, and flushes the queue at shutdown.
 */
export async function startBilling(ctx: AppContext): Promise<void> {
  if (started.has(ctx)) return;
  started.add(ctx);
  const billing = billingOf(ctx);
  const key = instanceKey(billing.instanceId);
  await ctx.shared.set(key, '1', aliveTtlSeconds);
  const heartbeat = setInterval(() => {
    ctx.shared.set(key, '1', aliveTtlSeconds).catch(() => undefined);
  }, heartbeatMs).unref();
  const sweep =
    ctx.shared.kind === 'redis'
      ? setInterval(() => {
          reconcileReservations(ctx, billing.instanceId).catch((err: unknown) =>
            ctx.log.error({ err }, 'reservation reconciliation failed'),
          );
        }, reconcileEveryMs).unref()
      : undefined;
  ctx.onClose(async () => {
    clearInterval(heartbeat);
    clearInterval(sweep);
    await billing.flush();
    // Settlements feed the roll-up, whose own shutdown flush may already have run.
    await ctx.usage.flush().catch(() => undefined);
    await ctx.shared.del(key).catch(() => undefined);
  });
  await reconcileReservations(ctx, billing.instanceId);
}

function afterCommit(ctx: AppContext, charged: Charged[]): void {
  const limitedTokens = new Set<number>();
  for (const { move, quota } of charged) {
    if (move.kind !== 'settle') continue;
    ctx.usage.record({
      userId: move.reservation.userId,
      username: move.usage.username,
      modelName: move.usage.modelName,
      createdAt: move.usage.createdAt,
      tokens: move.usage.tokens,
      quota,
    });
    if (move.reservation.tokenLimited && move.reservation.tokenId > 0) {
      limitedTokens.add(move.reservation.tokenId);
    }
  }
  if (limitedTokens.size > 0) {
    markExhaustedTokens(ctx, [...limitedTokens]).catch((err: unknown) =>
      ctx.log.error({ err }, 'marking exhausted keys failed'),
    );
  }
}

/** Marks the keys among `ids` whose remaining quota reached 0 as exhausted (one query). */
async function markExhaustedTokens(ctx: AppContext, ids: number[]): Promise<void> {
  const empty = await ctx.db
    .selectFrom('tokens')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', TokenStatus.enabled)
    .where('unlimited_quota', '=', 0)
    .where('remain_quota', '<=', 0)
    .execute();
  for (const { id } of empty) await markTokenExhausted(ctx, id);
}
