import { EventEmitter } from 'node:events';
import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { countRoundTrips, IoCounters } from './io-counters.js';
import { lazyRequire } from './lazy-require.js';

/**
 * One admission check of a request, counted in the shared state: `hit` counts one more in a
 * fixed window of `seconds` (from the first hit) and fails past `limit`; `enter` takes one of
 * `limit` slots (freed after `seconds` if never given back) and fails when none is free;
 * `below` fails when the counter is at `limit` or more.
 */
export interface Check {
  kind: 'hit' | 'enter' | 'below';
  key: string;
  limit: number;
  seconds: number;
}

/** An admission check failed (`index` in the list given); nothing of the request is held. */
export class CheckFailed extends Error {
  constructor(readonly index: number) {
    super(`admission check ${index} failed`);
  }
}

/**
 * State that several instances must share: short-lived keys (sessions, codes), counters
 * (rate limits) and change notifications. In process for one instance; Redis for many.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** Where Redis is, for a service that needs a connection of its own (Redis only). */
  readonly redisTarget?: { url: string; prefix: string };
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Sets only when absent; true when this call set it (a lock or a single-use claim). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /**
   * Counts a hit (or `amount` of something, e.g. tokens) in a fixed window that starts with
   * the first hit, and returns the total so far in that window.
   */
  hit(key: string, windowSeconds: number, amount?: number): Promise<number>;
  /**
   * Takes one of `limit` slots under `key` (requests in flight); false when all are taken.
   * A slot not given back is freed after `ttlSeconds` (a crashed instance leaks nothing for
   * long).
   */
  enter(key: string, limit: number, ttlSeconds: number): Promise<boolean>;
  /** Gives back a slot taken by `enter`. */
  leave(key: string): Promise<void>;
  /**
   * Runs checks in order, at once (one round trip to Redis): -1 when all pass, else the index
   * of the first that failed, with the slots taken before it given back. In process, answered
   * without a promise.
   */
  admit(checks: readonly Check[]): number | Promise<number>;
  /** Tells every instance (this one included) about a change on `topic`. */
  publish(topic: string, message: string): Promise<void>;
  /** Runs `handler` for each message published on `topic` by any instance. */
  subscribe(topic: string, handler: (message: string) => void): void;
  close(): Promise<void>;
}

/** Creates the shared state: Redis when a URL is given, else in process. */
export function createSharedState(
  redisUrl: string,
  prefix = '',
  /** Told when Redis becomes unreachable (at most once per outage) and when it is back. */
  onOutage: (error: Error | null) => void = () => undefined,
  /** Where the Redis client counts its round trips (`/metrics`). */
  io = new IoCounters(),
): SharedState {
  return redisUrl ? new RedisState(redisUrl, prefix, onOutage, io) : new MemoryState();
}

class MemoryState implements SharedState {
  readonly kind = 'memory' as const;
  private readonly values = new Map<string, { value: string; expiresAt: number }>();
  private readonly events = new EventEmitter().setMaxListeners(0);
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    const expiresAt = ttlSeconds ? Date.now() + ttlSeconds * 1000 : Number.POSITIVE_INFINITY;
    this.values.set(key, { value, expiresAt });
  }

  // Check and write happen without an await in between, so concurrent callers cannot both win.
  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.values.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 });
    return true;
  }

  async del(key: string): Promise<void> {
    this.values.delete(key);
  }

  async hit(key: string, windowSeconds: number, amount = 1): Promise<number> {
    const entry = this.live(key);
    const count = (entry ? Number(entry.value) : 0) + amount;
    const expiresAt = entry ? entry.expiresAt : Date.now() + windowSeconds * 1000;
    this.values.set(key, { value: String(count), expiresAt });
    return count;
  }

  async enter(key: string, limit: number, ttlSeconds: number): Promise<boolean> {
    const taken = Number(this.live(key)?.value ?? 0);
    if (taken >= limit) return false;
    this.values.set(key, { value: String(taken + 1), expiresAt: Date.now() + ttlSeconds * 1000 });
    return true;
  }

  async leave(key: string): Promise<void> {
    this.leaveNow(key);
  }

  admit(checks: readonly Check[]): number {
    for (let i = 0; i < checks.length; i++) {
      const { kind, key, limit, seconds } = checks[i]!;
      const entry = this.live(key);
      const count = entry ? Number(entry.value) : 0;
      let failed: boolean;
      if (kind === 'hit') {
        const expiresAt = entry ? entry.expiresAt : Date.now() + seconds * 1000;
        this.values.set(key, { value: String(count + 1), expiresAt });
        failed = count + 1 > limit;
      } else if (kind === 'enter') {
        failed = count >= limit;
        if (!failed) {
          this.values.set(key, {
            value: String(count + 1),
            expiresAt: Date.now() + seconds * 1000,
          });
        }
      } else failed = count >= limit;
      if (failed) {
        for (let j = 0; j < i; j++) if (checks[j]!.kind === 'enter') this.leaveNow(checks[j]!.key);
        return i;
      }
    }
    return -1;
  }

  private leaveNow(key: string): void {
    const entry = this.live(key);
    if (!entry) return;
    const taken = Number(entry.value) - 1;
    if (taken <= 0) this.values.delete(key);
    else entry.value = String(taken);
  }

  async publish(topic: string, message: string): Promise<void> {
    this.events.emit(topic, message);
  }

  subscribe(topic: string, handler: (message: string) => void): void {
    this.events.on(topic, handler);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.events.removeAllListeners();
  }

  /** The unexpired entry of a key, synchronously (an expired one is dropped). */
  private live(key: string): { value: string; expiresAt: number } | undefined {
    const entry = this.values.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.values.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.values) if (entry.expiresAt <= now) this.values.delete(key);
  }
}

/** Takes a slot atomically: count up, and back down when that went past the limit. */
const enterScript = `local n = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
if n > tonumber(ARGV[1]) then redis.call('DECR', KEYS[1]) return 0 end
return 1`;
/**
 * The admission checks as a Lua function, for `admitScript` and the relay's hold script:
 * `admit(k, a, countHits)` reads the checks' keys from KEYS[k + 1 ...] and their count and
 * (kind, limit, seconds) from ARGV[a + 1 ...]; returns the index (1-based) of the first that
 * failed, with the slots taken before it given back, or 0; `countHits` false skips the hits
 * (a check run again for the same request). Also `leaveAll(k, a)`, which gives back every
 * slot the checks took.
 */
export const admitLua = `
local function admit(k, a, countHits)
  local count = tonumber(ARGV[a + 1])
  for j = 1, count do
    local key = KEYS[k + j]
    local kind, limit, seconds = ARGV[a + 3 * j - 1], tonumber(ARGV[a + 3 * j]), ARGV[a + 3 * j + 1]
    local failed = false
    if kind == 'hit' then
      if countHits then
        local n = redis.call('INCR', key)
        redis.call('EXPIRE', key, seconds, 'NX')
        failed = n > limit
      end
    elseif kind == 'enter' then
      local n = redis.call('INCR', key)
      redis.call('EXPIRE', key, seconds)
      if n > limit then
        redis.call('DECR', key)
        failed = true
      end
    else
      failed = tonumber(redis.call('GET', key) or '0') >= limit
    end
    if failed then
      for i = 1, j - 1 do
        if ARGV[a + 3 * i - 1] == 'enter' and redis.call('DECR', KEYS[k + i]) <= 0 then
          redis.call('DEL', KEYS[k + i])
        end
      end
      return j
    end
  end
  return 0
end
local function leaveAll(k, a)
  for i = 1, tonumber(ARGV[a + 1]) do
    if ARGV[a + 3 * i - 1] == 'enter' and redis.call('DECR', KEYS[k + i]) <= 0 then
      redis.call('DEL', KEYS[k + i])
    end
  end
end
`;

/** Runs the checks: KEYS are theirs, ARGV their count and kinds, limits and seconds. */
const admitScript = `${admitLua}
return admit(0, 0, true)`;

/** The KEYS and ARGV of a list of checks, as `admitLua` reads them. */
export function checkArgs(checks: readonly Check[]): {
  keys: string[];
  args: Array<string | number>;
} {
  const keys: string[] = [];
  const args: Array<string | number> = [checks.length];
  for (const { kind, key, limit, seconds } of checks) {
    keys.push(key);
    args.push(kind, limit, seconds);
  }
  return { keys, args };
}

/** The admission script as a command of the client (`defineCommand`). */
interface AdmitCommand {
  gatewayAdmit(...args: Array<string | number>): Promise<unknown>;
}

/** Gives a slot back, never below zero. */
const leaveScript = `local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) end
return n`;

class RedisState implements SharedState {
  readonly kind = 'redis' as const;
  readonly redisTarget: { url: string; prefix: string };
  private readonly client: Redis;
  private subscriber: Redis | undefined;
  private readonly handlers = new Map<string, Array<(message: string) => void>>();
  /**
   * Counters while Redis is unreachable: rate limits and caps are counted by this instance
   * alone rather than refusing every request that has one (each instance then allows up to
   * the limit by itself, until Redis is back).
   */
  private readonly local = new MemoryState();
  /** Slots taken in `local`, by key, so that each is given back where it was taken. */
  private readonly localSlots = new Map<string, number>();

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    onOutage: (error: Error | null) => void,
    io: IoCounters,
  ) {
    this.redisTarget = { url, prefix };
    const { Redis } = lazyRequire('ioredis') as typeof IORedis;
    this.client = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2 });
    // Sent as EVALSHA once loaded (ioredis loads it again after a Redis restart).
    this.client.defineCommand('gatewayAdmit', { lua: admitScript });
    countRoundTrips(this.client, io);
    // ioredis reconnects by itself; an outage is reported once, and so is the recovery.
    let down = false;
    this.client.on('error', (error: Error) => {
      if (!down) onOutage(error);
      down = true;
    });
    this.client.on('ready', () => {
      if (down) onOutage(null);
      down = false;
    });
  }

  get(key: string): Promise<string | null> {
    return this.client.get(key);
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    if (ttlSeconds) await this.client.set(key, value, 'EX', ttlSeconds);
    else await this.client.set(key, value);
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    return (await this.client.set(key, value, 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  async del(key: string): Promise<void> {
    await this.client.del(key);
  }

  /** Whether counters go to this instance's memory (Redis unreachable). */
  private get counting(): boolean {
    return this.client.status !== 'ready';
  }

  async hit(key: string, windowSeconds: number, amount = 1): Promise<number> {
    if (this.counting) return this.local.hit(key, windowSeconds, amount);
    try {
      const [[, count]] = (await this.client
        .multi()
        .incrby(key, amount)
        .expire(key, windowSeconds, 'NX')
        .exec()) as [[Error | null, number], unknown];
      return count;
    } catch {
      // The connection went away with the command on it: counted here instead.
      return this.local.hit(key, windowSeconds, amount);
    }
  }

  async enter(key: string, limit: number, ttlSeconds: number): Promise<boolean> {
    if (!this.counting) {
      try {
        return (await this.client.eval(enterScript, 1, key, limit, ttlSeconds)) === 1;
      } catch {
        // The connection went away with the command on it: the slot is taken here instead.
      }
    }
    const taken = await this.local.enter(key, limit, ttlSeconds);
    if (taken) this.tookLocally(key);
    return taken;
  }

  /** A slot was taken in `local`: it is given back there. */
  private tookLocally(key: string): void {
    this.localSlots.set(key, (this.localSlots.get(key) ?? 0) + 1);
  }

  async leave(key: string): Promise<void> {
    const local = this.localSlots.get(key);
    if (local !== undefined) {
      if (local <= 1) this.localSlots.delete(key);
      else this.localSlots.set(key, local - 1);
      return this.local.leave(key);
    }
    await this.client.eval(leaveScript, 1, key);
  }

  async admit(checks: readonly Check[]): Promise<number> {
    if (checks.length === 0) return -1;
    if (!this.counting) {
      const { keys, args } = checkArgs(checks);
      try {
        const failed = await (this.client as unknown as AdmitCommand).gatewayAdmit(
          keys.length,
          ...keys,
          ...args,
        );
        return Number(failed) - 1;
      } catch {
        // The connection went away with the script on it: the checks run here instead.
      }
    }
    const failed = this.local.admit(checks);
    if (failed === -1) {
      for (const { kind, key } of checks) {
        if (kind === 'enter') this.tookLocally(key);
      }
    }
    return failed;
  }

  async publish(topic: string, message: string): Promise<void> {
    await this.client.publish(this.prefix + topic, message);
  }

  subscribe(topic: string, handler: (message: string) => void): void {
    if (!this.subscriber) {
      // No ready check: its INFO would be refused once SUBSCRIBE (sent while connecting) has
      // put the connection in subscriber mode, and ioredis would drop and redo the connection,
      // losing the messages published meanwhile.
      const { Redis } = lazyRequire('ioredis') as typeof IORedis;
      this.subscriber = new Redis(this.url, {
        maxRetriesPerRequest: null,
        enableReadyCheck: false,
      });
      this.subscriber.on('error', () => {
        // ioredis reconnects and resubscribes by itself; the command client reports outages.
      });
      this.subscriber.on('message', (channel: string, message: string) => {
        for (const h of this.handlers.get(channel) ?? []) h(message);
      });
    }
    const channel = this.prefix + topic;
    const list = this.handlers.get(channel);
    if (list) list.push(handler);
    else {
      this.handlers.set(channel, [handler]);
      this.subscriber.subscribe(channel).catch(() => {
        // Closed before the subscription completed: nothing left to listen for.
      });
    }
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.subscriber?.quit().catch(() => undefined);
    await this.client.quit().catch(() => undefined);
  }
}
