import type { BaseContext } from '../base-context.js';
import { sqliteHandleOf } from '../db/client.js';
import { randomId } from '../lib/random.js';
import type { Billing, BillingHooks } from './billing.js';
import { instanceKey, reconcileReservations, replaySettlements } from './reconcile.js';
import type { BalanceMove, Charged } from './settle-plan.js';
import { reserveQuota } from './kysely-money.js';
import { SettlementQueue } from './settlement-queue.js';
import { SqliteMoney } from './sqlite-money.js';
import { UsageJournal } from './usage-journal.js';

/** Seconds an instance's liveness key lives without a refresh. */
const aliveTtlSeconds = 30;
const heartbeatMs = 10_000;
/** With several instances (Redis), how often stopped instances' reservations are reconciled. */
const reconcileEveryMs = 60_000;

/** Builds the billing service of a process; `start()` it before serving. */
export function createBilling(base: BaseContext, hooks: BillingHooks): Billing {
  const instanceId = randomId(9);
  // What a commit charged goes to the hooks; a failing hook never fails the commit.
  const onCharged = (charged: Charged[]) => {
    try {
      hooks.onCharged(charged);
    } catch (error) {
      base.log.error({ err: error }, 'after-settlement hook failed');
    }
  };
  const queue = new SettlementQueue(base, onCharged);
  const raw = sqliteHandleOf(base.db);
  // A database file gets a usage journal beside it (`<file>-usage`); one in memory does not.
  const journal = raw && !raw.memory ? new UsageJournal(`${raw.name}-usage`) : null;
  // SQLite: one synchronous transaction per batch of settlements, refunds and written
  // reservations; the Kysely runner when a Kysely transaction holds the connection.
  const sqlite = raw
    ? new SqliteMoney(
        raw,
        {
          reserve: (r, id) => reserveQuota(base, r, id),
          commit: (moves) => queue.commitNow(moves),
        },
        onCharged,
        journal,
        base.shared.kind !== 'redis',
      )
    : undefined;
  const later = (move: BalanceMove) => (sqlite ? sqlite.later(move) : queue.push(move));
  const billing: Billing = {
    instanceId,
    reserve: (reservation) => {
      if (reservation.quota <= 0) return undefined;
      return sqlite
        ? sqlite.reserve(reservation, instanceId)
        : reserveQuota(base, reservation, instanceId);
    },
    settleDelivered: (settlement) =>
      sqlite ? sqlite.deliver(settlement) : queue.commitSoon(settlement),
    settle: later,
    refund: later,
    flush: async () => {
      await sqlite?.flush();
      await queue.flush();
    },
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
        await sqlite?.flush();
        await queue.flush();
        journal?.close();
        await hooks.onStopped?.().catch(() => undefined);
        await base.shared.del(key).catch(() => undefined);
      });
      if (journal) {
        await replaySettlements(base, journal.read(), onCharged);
        journal.clear();
      }
      await reconcileReservations(base, instanceId);
    },
  };
  return billing;
}
