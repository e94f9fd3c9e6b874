import type { MessageId } from '@gateway/shared';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import type { Dialect } from '../db/dialect.js';
import { runRaw } from '../db/raw-statement.js';
import { AppError } from '../errors.js';
import { CheckFailed, checkArgs, type Check } from '../lib/shared-state.js';
import { keyHeld } from './ledger/relay-moves.js';
import { readMoneyStates } from './ledger/statements.js';
import type { Reservation } from './reservation.js';
import { raiseScript, releaseScript, restoreScript, takeScript } from './redis-scripts.js';
import type { BalanceMove } from './settle-plan.js';

/** A user's or key's row as a commit left it: what Redis mirrors. */
export interface MoneyState {
  table: 'users' | 'tokens';
  id: number;
  balance: number;
  budgetUsed: number;
  budgetStart: number;
  /** The row's `money_ver`. */
  ver: number;
}

/** How long an unused mirror lives: an idle account is read from the database again. */
const mirrorTtlMs = 60_000;
/**
 * A refusal by a mirror older than this is checked against the database first: a credit made
 * outside the relay (a top-up, an administrator) reaches the mirror with the next settlement of
 * that account, and an idle account may have none.
 */
const recheckAfterMs = 1_000;

/** Scripts sent for one hold at most (a first try, seeds, a recheck, one more). */
const maxTakeAttempts = 4;

/** Redis did not answer: the caller holds in the database instead. */
export class RedisUnavailable extends Error {}

/** One account a hold counts on. */
interface HoldAccount {
  kind: 'u' | 't';
  id: number;
  /** Whether its balance must cover the hold (a limited key's, always a user's). */
  checkBalance: boolean;
  /** Its budget per period (0: none) and the start of the request's period. */
  budgetQuota: number;
  budgetStart: number;
}

const tableOf = { u: 'users', t: 'tokens' } as const;
const kindOf = { users: 'u', tokens: 't' } as const;
const mirrorKey = (kind: string, id: number) => `money:m:${kind}:${id}`;
const heldKey = (kind: string, id: number) => `money:h:${kind}:${id}`;
const registryKey = (instanceId: string) => `money:holds:${instanceId}`;
const instancesKey = 'money:instances';

const refusals: Record<'u' | 't', Record<'budget' | 'balance', MessageId>> = {
  u: { budget: 'user_budget_exhausted', balance: 'insufficient_user_quota' },
  t: { budget: 'token_budget_exhausted', balance: 'insufficient_token_quota' },
};

/** Whether a reservation holds on its key: the key is limited or has a budget. */
export const holdsOnKey = (r: Reservation) =>
  keyHeld(r) || (r.tokenId > 0 && r.budget?.token != null);

/** Accounts as a hold's registry entry names them (`u:1 t:7`). */
const accountsText = (accounts: HoldAccount[]) =>
  accounts.map((a) => `${a.kind}:${a.id}`).join(' ');

/** The accounts a reservation holds on: its user, and its key when limited or budgeted. */
function accountsOf(r: Reservation): HoldAccount[] {
  const user: HoldAccount = {
    kind: 'u',
    id: r.userId,
    checkBalance: true,
    budgetQuota: r.budget?.user != null ? (r.budgetQuota?.user ?? 0) : 0,
    budgetStart: r.budget?.user ?? 0,
  };
  if (!holdsOnKey(r)) return [user];
  const tokenBudget = r.tokenId > 0 && r.budget?.token != null;
  return [
    user,
    {
      kind: 't',
      id: r.tokenId,
      checkBalance: keyHeld(r),
      budgetQuota: tokenBudget ? (r.budgetQuota?.token ?? 0) : 0,
      budgetStart: r.budget?.token ?? 0,
    },
  ];
}

/** The held counters of accounts written as in a registry entry (`u:1 t:7`). */
const heldKeysOfText = (text: string) => text.split(' ').map((account) => `money:h:${account}`);

/** A hold to let go of: its request id and its held counters. */
interface Hold {
  id: string;
  counters: string[];
}

const holdOf = (r: Reservation): Hold => ({
  id: r.id,
  counters: accountsOf(r).map((a) => heldKey(a.kind, a.id)),
});

/**
 * Holds of relay requests in Redis, for instances that share PostgreSQL or MySQL: what the
 * embedded build keeps in memory (`MemoryHolds`), kept where every instance sees it. One
 * script per request, before the upstream call, checks every budget and balance of the request
 * against a mirror of its row less what requests in flight hold, and holds the amount; nothing
 * is written to the database before the answer. Settlements commit in batches to the database
 * (the only record of money), then one script per batch lets go of their holds and writes the
 * balances they committed into the mirrors.
 *
 * Mirrors are never behind what they must count: a mirror moves only forward (by the row's
 * `money_ver`), and a settlement's hold is let go of in the same script that writes the state
 * its commit left, so between a commit and that script the charge counts twice, never not at
 * all. A credit outside the relay reaches a mirror with the account's next settlement, or when
 * a refusal finds its mirror older than a second and reads the row again; a debit outside the
 * relay (an asynchronous task, an administrator) is seen likewise, and the database's guarded
 * statements never let a balance go below 0 meanwhile. A debit that may take a balance below 0
 * (a refunded payment) writes the new state into the mirror at once (`refresh`). A stopped instance's holds are let go
 * of by the others' sweep (`sweep`), which also drops the mirrors it may have left behind.
 */
export class RedisHolds {
  /** Seeds being read from the database, by mirror key (one read per account at a time). */
  private readonly seeding = new Map<string, Promise<MoneyState | undefined>>();
  /** Holds whose release failed (Redis away), let go of with the next release. */
  private unreleased: Hold[] = [];
  /** Releases under way (awaited at shutdown). */
  private readonly releasing = new Set<Promise<unknown>>();
  /** This instance's holds in Redis, by request id, until their moves are committed. */
  private readonly inFlight = new Map<string, Reservation>();
  private readonly take: (...args: Array<string | number>) => Promise<unknown>;
  private readonly raise: (...args: Array<string | number>) => Promise<unknown>;
  private readonly release: (...args: Array<string | number>) => Promise<unknown>;
  private readonly restoreHolds: (...args: Array<string | number>) => Promise<unknown>;

  constructor(
    private readonly redis: Redis,
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly instanceId: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.take = script(redis, 'gatewayTake', takeScript);
    this.raise = script(redis, 'gatewayRaise', raiseScript);
    this.release = script(redis, 'gatewayRelease', releaseScript);
    this.restoreHolds = script(redis, 'gatewayRestore', restoreScript);
  }

  /** Whether Redis is connected; when not, holds are taken in the database. */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /**
   * RESERVE in Redis, after the request's admission checks (in the same script): resolves
   * once held; rejects with `CheckFailed` or the refusal (nothing held then), or
   * with `RedisUnavailable` when Redis did not answer (the hold, if Redis took it, is let go
   * of with the next release).
   */
  async hold(r: Reservation, checks: readonly Check[] = []): Promise<void> {
    const accounts = accountsOf(r);
    let seeds: Array<MoneyState | undefined> = [];
    let rechecked = false;
    // A mirror read and sent may have expired again before the script ran: a few attempts,
    // then the hold goes to the database.
    for (let attempt = 0; ; attempt++) {
      if (attempt === maxTakeAttempts) throw new RedisUnavailable();
      const args = this.takeArgs(r, accounts, seeds, checks, !rechecked);
      const answer = await this.run(this.take, r, args);
      if (answer === 'ok') {
        r.inMemory = true;
        r.held = r.quota;
        this.inFlight.set(r.id, r);
        return;
      }
      const [verdict, ...rest] = answer as [string, ...Array<string | number>];
      if (verdict === 'miss') {
        const missing = (i: number) => rest.includes(i + 1);
        seeds = await this.seeds(accounts, missing);
        // An account without a row (a key or user deleted meanwhile) has nothing to hold.
        const gone = accounts.find((_, i) => missing(i) && !seeds[i]);
        if (gone) throw new AppError(refusals[gone.kind].balance, undefined, 403);
        continue;
      }
      if (verdict === 'refused') throw new CheckFailed(Number(rest[0]) - 1);
      const [index, what, writtenAt] = rest as [number, 'budget' | 'balance', string];
      const account = accounts[index - 1]!;
      if (!rechecked && this.clock() - Number(writtenAt) > recheckAfterMs) {
        rechecked = true;
        seeds = await this.seeds(accounts, () => true);
        continue;
      }
      throw new AppError(refusals[account.kind][what], undefined, 403);
    }
  }

  /**
   * A settlement is about to be committed: a request whose cost is more than it holds holds
   * its cost until then (sent without waiting; the release that follows the commit comes after
   * it on the same connection).
   */
  settling(move: BalanceMove): void {
    const r = move.reservation;
    const cost = move.kind === 'settle' ? move.quota : 0;
    if (!r.inMemory || cost <= (r.held ?? 0) || !this.ready) return;
    const extra = cost - (r.held ?? 0);
    r.held = cost;
    const { counters } = holdOf(r);
    const text = `${cost} ${accountsText(accountsOf(r))}`;
    this.raise(
      counters.length + 1,
      registryKey(this.instanceId),
      ...counters,
      r.id,
      extra,
      text,
    ).catch(() => undefined);
  }

  /**
   * Lets go of the holds of committed moves and writes the states their commit left into the
   * mirrors. A failure leaves the holds for the next call (or a sweep): counted twice a little
   * longer, never not at all.
   */
  async committed(moves: BalanceMove[], states: MoneyState[]): Promise<void> {
    const holds = this.unreleased;
    this.unreleased = [];
    for (const move of moves) {
      if (!move.reservation.inMemory) continue;
      holds.push(holdOf(move.reservation));
      this.inFlight.delete(move.reservation.id);
    }
    if (holds.length === 0 && states.length === 0) return;
    const release = (async () => {
      if (!this.ready) throw new RedisUnavailable();
      await this.releaseHolds(registryKey(this.instanceId), holds, states);
    })().catch(() => this.unreleased.push(...holds));
    this.releasing.add(release);
    await release;
    this.releasing.delete(release);
  }

  /**
   * Writes the rows' states as the database has them now into their mirrors, for a balance
   * moved outside the relay that must be seen at once (a refunded payment may leave a balance
   * below zero, which the database's guards cannot stop requests admitted on an older mirror
   * from spending). Never throws: the mirror is then updated by the next settlement.
   */
  async refresh(table: 'users' | 'tokens', ids: number[]): Promise<void> {
    if (ids.length === 0 || !this.ready) return;
    try {
      const { rows } = await runRaw(this.db, this.dialect, readMoneyStates(table, ids));
      await this.committed(
        [],
        rows.map((row) => moneyStateOf(table, row)),
      );
    } catch {
      // Left to the next settlement of the account, or to the mirror's expiry.
    }
  }

  /** Waits for the releases under way, then sends what is left (at shutdown). */
  async drain(): Promise<void> {
    await Promise.all(this.releasing);
    if (this.unreleased.length > 0) await this.committed([], []);
  }

  /**
   * Redis is back after an outage: if it lost its data, holds again what this instance's
   * requests in flight hold (`restoreScript`) and says it is alive. Returns how many.
   */
  async restore(alive: { key: string; ttlSeconds: number }): Promise<number> {
    const holds = [...this.inFlight.values()];
    const keys = [registryKey(this.instanceId), instancesKey, alive.key];
    const args: Array<string | number> = [this.instanceId, alive.ttlSeconds, holds.length];
    for (const r of holds) {
      const accounts = accountsOf(r);
      keys.push(...accounts.map((a) => heldKey(a.kind, a.id)));
      args.push(r.id, r.held ?? r.quota, accountsText(accounts));
      args.push(accounts.length);
    }
    return Number(await this.restoreHolds(keys.length, ...keys, ...args));
  }

  /**
   * Lets go of the holds of instances that stopped (`alive` says which are alive) and drops
   * the mirrors of their accounts (a settlement they committed may not have reached them).
   * Returns how many holds were let go.
   */
  async sweep(alive: (instanceId: string) => Promise<boolean>): Promise<number> {
    let released = 0;
    for (const instance of await this.redis.smembers(instancesKey)) {
      if (instance === this.instanceId || (await alive(instance))) continue;
      const registry = registryKey(instance);
      const entries = await this.redis.hgetall(registry);
      const holds = Object.entries(entries).map(([id, text]) => ({
        id,
        counters: heldKeysOfText(text.slice(text.indexOf(' ') + 1)),
      }));
      if (holds.length > 0) released += await this.releaseHolds(registry, holds, []);
      const mirrors = new Set(holds.flatMap((h) => h.counters.map((c) => c.replace(':h:', ':m:'))));
      if (mirrors.size > 0) await this.redis.del(...mirrors);
      await this.redis.srem(instancesKey, instance);
    }
    return released;
  }

  private async releaseHolds(registry: string, holds: Hold[], states: MoneyState[]) {
    const keys = [registry];
    const args: Array<string | number> = [holds.length];
    for (const hold of holds) {
      keys.push(...hold.counters);
      args.push(hold.id, hold.counters.length);
    }
    args.push(states.length);
    for (const s of states) {
      keys.push(mirrorKey(kindOf[s.table], s.id));
      args.push(s.balance, s.budgetUsed, s.budgetStart, s.ver);
    }
    args.push(this.clock(), mirrorTtlMs);
    return Number(await this.release(keys.length, ...keys, ...args));
  }

  /** The arguments of the take script. */
  private takeArgs(
    r: Reservation,
    accounts: HoldAccount[],
    seeds: Array<MoneyState | undefined>,
    checks: readonly Check[],
    countHits: boolean,
  ): Array<string | number> {
    const admission = checkArgs(checks);
    const keys = [registryKey(this.instanceId), instancesKey, ...admission.keys];
    const args: Array<string | number> = [
      r.id,
      r.quota,
      accounts.length,
      this.clock(),
      mirrorTtlMs,
      accountsText(accounts),
      this.instanceId,
      countHits ? 1 : 0,
      ...admission.args,
    ];
    accounts.forEach((a, i) => {
      keys.push(mirrorKey(a.kind, a.id), heldKey(a.kind, a.id));
      const seed = seeds[i];
      args.push(a.checkBalance ? 1 : 0, a.budgetQuota, a.budgetStart);
      if (seed) args.push(seed.balance, seed.budgetUsed, seed.budgetStart, seed.ver);
      else args.push('', '', '', '');
    });
    return [keys.length, ...keys, ...args];
  }

  /** Runs the take script; a Redis failure leaves the hold (if taken) to the next release. */
  private async run(
    command: (...args: Array<string | number>) => Promise<unknown>,
    r: Reservation,
    args: Array<string | number>,
  ): Promise<unknown> {
    if (!this.ready) throw new RedisUnavailable();
    try {
      return await command(...args);
    } catch {
      this.unreleased.push(holdOf(r));
      throw new RedisUnavailable();
    }
  }

  /** The rows of the accounts `wanted` picks, read from the database (undefined: no row). */
  private seeds(
    accounts: HoldAccount[],
    wanted: (i: number) => boolean,
  ): Promise<Array<MoneyState | undefined>> {
    return Promise.all(
      accounts.map((a, i) => (wanted(i) ? this.readState(a.kind, a.id) : undefined)),
    );
  }

  /** A row's money state; concurrent reads of one account share one query. */
  private readState(kind: 'u' | 't', id: number): Promise<MoneyState | undefined> {
    const key = mirrorKey(kind, id);
    let reading = this.seeding.get(key);
    if (!reading) {
      const table = tableOf[kind];
      reading = runRaw(this.db, this.dialect, readMoneyStates(table, [id]))
        .then(({ rows }) => (rows[0] ? moneyStateOf(table, rows[0]) : undefined))
        .finally(() => this.seeding.delete(key));
      this.seeding.set(key, reading);
    }
    return reading;
  }
}

/** A row of `readMoneyStates` as a state. */
export function moneyStateOf(table: 'users' | 'tokens', row: Record<string, unknown>): MoneyState {
  return {
    table,
    id: Number(row.id),
    balance: Number(row.balance),
    budgetUsed: Number(row.budget_used),
    budgetStart: Number(row.budget_start),
    ver: Number(row.money_ver),
  };
}

/** A Lua script as a function of its KEYS count, keys and arguments (EVALSHA, loaded once). */
function script(
  redis: Redis,
  name: string,
  lua: string,
): (...args: Array<string | number>) => Promise<unknown> {
  redis.defineCommand(name, { lua });
  const command = (redis as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[
    name
  ]!;
  return (...args) => command.apply(redis, args);
}
