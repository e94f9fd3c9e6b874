import type { BaseContext } from '../base-context.js';
import { sqliteHandleOf } from '../db/client.js';
import { randomId } from '../lib/random.js';
import type { Billing, BillingHooks } from './billing.js';
import { reserveQuota, type Reservation } from './quota.js';
import { instanceKey, reconcileReservations } from './reconcile.js';
import { SettlementQueue } from './settlement-queue.js';
import { SqliteMoney } from './sqlite-money.js';

/** Seconds an instance's liveness key lives without a refresh. */
const aliveTtlSeconds = 30;
const heartbeatMs = 10_000;
/** With several instances (Redis), how often stopped instances' reservations are reconciled. */
const reconcileEveryMs = 60_000;

/** Builds the billing service of a process; `start()` it before serving. */
export function createBilling(base: BaseContext, hooks: BillingHooks): Billing {
  const instanceId = randomId(9);
  const raw = sqliteHandleOf(base.db);
  const sqlite = raw ? new SqliteMoney(raw) : undefined;
  const queue = new SettlementQueue(base, sqlite, (charged) => hooks.onCharged(charged));
  const billing: Billing = {
    instanceId,
    reserve: async (reservation) => {
      if (reservation.quota <= 0) return;
      // SQLite: batched synchronous transactions unless a Kysely transaction holds the connection.
      const viaKysely = (r: Reservation) => reserveQuota(base, r, instanceId);
      if (sqlite) await sqlite.reserve(reservation, instanceId, viaKysely);
      else await viaKysely(reservation);
    },
    settleDelivered: (settlement) => queue.commitSoon(settlement),
    settle: (settlement) => queue.push(settlement),
    refund: (refund) => queue.push(refund),
    flush: () => queue.flush(),
    start: async () => {
      const key = instanceKey(instanceId);
      await base.shared.set(key, '1', aliveTtlSeconds);
      const heartbeat = setInterval(() => {
        base.shared.set(key, '1', aliveTtlSeconds).catch(() => undefined);
      }, heartbeatMs).unref();
      const sweep =
        base.shared.kind === 'redis'
          ? setInterval(() => {
              reconcileReservations(base, instanceId).catch((err: unknown) =>
                base.log.error({ err }, 'reservation reconciliation failed'),
              );
            }, reconcileEveryMs).unref()
          : undefined;
      base.onClose(async () => {
        clearInterval(heartbeat);
        clearInterval(sweep);
        await queue.flush();
        await hooks.onStopped?.().catch(() => undefined);
        await base.shared.del(key).catch(() => undefined);
      });
      await reconcileReservations(base, instanceId);
    },
  };
  return billing;
}
