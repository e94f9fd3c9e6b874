import type { BaseContext } from '../base-context.js';
import { sqliteHandleOf } from '../db/client.js';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { countRoundTrips } from '../lib/io-counters.js';
import { lazyRequire } from '../lib/lazy-require.js';
import { randomId } from '../lib/random.js';
import { CheckFailed, type Check, type SharedState } from '../lib/shared-state.js';
import type { Billing, BillingHooks } from './billing.js';
import type { Reservation } from './reservation.js';
import { instanceKey, reconcileReservations, replaySettlements } from './reconcile.js';
import type { BalanceMove, Charged } from './settle-plan.js';
import { reserveQuota } from './kysely-money.js';
import { RedisHolds, RedisUnavailable } from './redis-holds.js';
import { SettlementQueue } from './settlement-queue.js';
import { SqliteMoney } from './sqlite-money.js';
import { UsageJournal } from './usage-journal.js';

/** Seconds an instance's liveness key lives without a refresh. */
const aliveTtlSeconds = 30;
const heartbeatMs = 10_000;
/** How long a starting instance waits for the holds' Redis connection before serving. */
const redisStartTimeoutMs = 5_000;
/** With several instances (Redis), how often stopped instances' reservations are reconciled. */
const reconcileEveryMs = 60_000;

/** Builds the billing service of a process; `start()` it before serving. */
export function createBilling(base: BaseContext, hooks: BillingHooks): Billing {
  const instanceId = randomId(9);
  // Says this instance is alive (at start, every heartbeat, and when Redis is back, so that
  // a Redis restart does not make the others sweep its holds as a stopped process's).
  const announce = () => base.shared.set(instanceKey(instanceId), '1', aliveTtlSeconds);
  // What a commit charged goes to the hooks; a failing hook never fails the commit.
  const onCharged = (charged: Charged[]) => {
    try {
      hooks.onCharged(charged);
    } catch (error) {
      base.log.error({ err: error }, 'after-settlement hook failed');
    }
  };
  const raw = sqliteHandleOf(base.db);
  // PostgreSQL and MySQL with Redis: holds in Redis, on a connection of their own.
  // When Redis is back after an outage: alive again, and holding what was held if Redis lost it.
  const back = async () => {
    await announce();
    const restored = await holds?.restore({
      key: instanceKey(instanceId),
      ttlSeconds: aliveTtlSeconds,
    });
    if (restored) base.log.warn({ holds: restored }, 'Redis lost its data; holds taken again');
  };
  const redis = !raw && base.shared.redisTarget ? moneyRedis(base, back) : undefined;
  const holds = redis && new RedisHolds(redis, base.db, base.dialect, instanceId);
  const queue = new SettlementQueue(base, onCharged, holds);
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
  // A hold in this process's memory (SQLite) or in the database; nothing for a free request.
  const holdHere = (r: Reservation) => {
    if (r.quota <= 0) return undefined;
    return sqlite ? sqlite.reserve(r, instanceId) : reserveQuota(base, r, instanceId);
  };
  const billing: Billing = {
    instanceId,
    reserve: (reservation, checks) => {
      if (holds && reservation.quota > 0) {
        // Redis away: the checks are counted by this instance and the hold is written to the
        // database; likewise while commits fail, so that the database refuses the hold rather
        // than an answer going out that cannot be charged.
        const inDatabase = () =>
          admitThen(base.shared, checks ?? [], () => reserveQuota(base, reservation, instanceId))!;
        if (!holds.ready || !queue.healthy) return inDatabase();
        return holds
          .hold(reservation, checks)
          .catch((error: unknown) =>
            error instanceof RedisUnavailable ? inDatabase() : Promise.reject(error),
          );
      }
      if (checks && checks.length > 0) {
        return admitThen(base.shared, checks, () => holdHere(reservation));
      }
      return holdHere(reservation);
    },
    settleDelivered: (settlement) =>
      sqlite ? sqlite.deliver(settlement) : queue.commitSoon(settlement),
    settle: later,
    refund: later,
    balancesMoved: async (userIds, tokenIds = []) => {
      await holds?.refresh('users', userIds);
      await holds?.refresh('tokens', tokenIds);
    },
    flush: async () => {
      await sqlite?.flush();
      await queue.flush();
      await holds?.drain();
    },
    start: async () => {
      await announce();
      // Holds taken in the database do not see those in Redis: wait (a little) for the
      // connection, so that a starting instance does not admit on money others hold.
      if (redis) await readyWithin(redis, redisStartTimeoutMs);
      const heartbeat = setInterval(() => void announce().catch(() => undefined), heartbeatMs);
      heartbeat.unref();
      const sweep =
        base.shared.kind === 'redis'
          ? setInterval(
              () => void reconcileStopped(base, instanceId, holds),
              reconcileEveryMs,
            ).unref()
          : undefined;
      base.onClose(async () => {
        clearInterval(heartbeat);
        clearInterval(sweep);
        await sqlite?.flush();
        await queue.flush();
        journal?.close();
        await holds?.drain();
        await redis?.quit().catch(() => undefined);
        await hooks.onStopped?.().catch(() => undefined);
        await base.shared.del(instanceKey(instanceId)).catch(() => undefined);
      });
      if (journal) {
        await replaySettlements(base, journal.read(), onCharged);
        journal.clear();
      }
      await reconcileStopped(base, instanceId, holds);
    },
  };
  return billing;
}

/** Resolves once `client` is ready, or after `ms` (it then keeps connecting in the background). */
function readyWithin(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
    client.on('ready', done);
  });
}

/**
 * Runs admission checks in the shared state, then `hold`: a failed check rejects with
 * `CheckFailed`, and a refused hold gives back the slots the checks took.
 */
function admitThen(
  shared: SharedState,
  checks: readonly Check[],
  hold: () => Promise<void> | undefined,
): Promise<void> | undefined {
  if (checks.length === 0) return hold();
  const holdAfter = (failed: number) => {
    if (failed >= 0) return Promise.reject(new CheckFailed(failed));
    return hold()?.catch((error: unknown) => {
      for (const c of checks) if (c.kind === 'enter') shared.leave(c.key).catch(() => undefined);
      throw error;
    });
  };
  const failed = shared.admit(checks);
  return typeof failed === 'number' ? holdAfter(failed) : failed.then(holdAfter);
}

/**
 * Gives back what stopped instances held: their reservation rows in the database, and their
 * holds in Redis. A failure is logged and left to the next round.
 */
async function reconcileStopped(
  base: BaseContext,
  instanceId: string,
  holds: RedisHolds | undefined,
): Promise<void> {
  try {
    await reconcileReservations(base, instanceId);
    if (holds?.ready) {
      const alive = async (id: string) => (await base.shared.get(instanceKey(id))) !== null;
      const released = await holds.sweep(alive);
      if (released > 0) base.log.warn({ holds: released }, 'let go of holds of stopped processes');
    }
  } catch (err) {
    base.log.error({ err }, 'reservation reconciliation failed');
  }
}

/**
 * The Redis connection of the money holds: a command fails at once while Redis is away (no
 * offline queue, no retry, a second at most) so that the request holds in the database
 * instead of waiting, and one is never sent twice; commands of one turn share one write.
 */
function moneyRedis(base: BaseContext, onBack: () => Promise<void>): Redis {
  const { url, prefix } = base.shared.redisTarget!;
  const { Redis } = lazyRequire('ioredis') as typeof IORedis;
  const client = new Redis(url, {
    keyPrefix: prefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: 1000,
    enableAutoPipelining: true,
  });
  countRoundTrips(client, base.metrics.io);
  // `down` from a lost connection (a quick restart may raise no error) until it is ready again.
  let down = false;
  let told = false;
  client.on('error', (err: Error) => {
    if (!told) base.log.warn({ err }, 'Redis is unreachable; relay holds go to the database');
    down = told = true;
  });
  client.on('close', () => (down = true));
  client.on('ready', () => {
    if (told) base.log.warn('Redis is reachable again; relay holds go to Redis');
    if (down) onBack().catch(() => undefined);
    down = told = false;
  });
  return client;
}
