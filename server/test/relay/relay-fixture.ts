import { LogType } from '@gateway/shared';
import { post } from '../../src/billing/ledger/index.js';
import type { AppContext } from '../../src/context.js';
import { randomAlphanumeric } from '../../src/lib/random.js';
import { nowSeconds } from '../../src/lib/time.js';

/** A user with a balance (opened through the ledger), for relay tests. */
export async function seedUser(
  ctx: AppContext,
  fields: {
    quota?: number;
    role?: number;
    group?: string;
    level?: string;
    status?: number;
    setting?: string;
  } = {},
): Promise<number> {
  const username = `u${randomAlphanumeric(8)}`;
  await ctx.db
    .insertInto('users')
    .values({
      username,
      role: fields.role ?? 1,
      group: fields.group ?? 'default',
      level: fields.level ?? 'default',
      status: fields.status ?? 1,
      setting: fields.setting ?? '{}',
      created_at: nowSeconds(),
    })
    .execute();
  const row = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const quota = fields.quota ?? 10_000_000;
  await post(ctx.db, { account: 'user', accountId: row.id, delta: quota, reason: 'opening' });
  return row.id;
}

/** Optional fields of a seeded key. */
export interface TokenFields {
  remainQuota?: number;
  unlimited?: boolean;
  status?: number;
  expiredTime?: number;
  modelLimits?: string[];
  allowIps?: string;
  denyIps?: string;
  group?: string;
  rateLimit?: { count: number; windowSeconds: number; message: string };
  /** Requests in flight at once; 0 = no cap. */
  maxParallel?: number;
  /** Tokens per minute; 0 = no cap. */
  tpmLimit?: number;
}

/** An API key of a user; returns its id and the `sk-` key to send. */
export async function seedToken(
  ctx: AppContext,
  userId: number,
  fields: TokenFields = {},
): Promise<{ id: number; key: string }> {
  const key = randomAlphanumeric(48);
  await ctx.db
    .insertInto('tokens')
    .values({
      user_id: userId,
      key,
      name: 'test key',
      status: fields.status ?? 1,
      created_time: nowSeconds(),
      expired_time: fields.expiredTime ?? -1,
      unlimited_quota: (fields.unlimited ?? true) ? 1 : 0,
      model_limits_enabled: fields.modelLimits ? 1 : 0,
      model_limits: (fields.modelLimits ?? []).join(','),
      allow_ips: fields.allowIps ?? '',
      deny_ips: fields.denyIps ?? '',
      group: fields.group ?? '',
      rate_limit_count: fields.rateLimit?.count ?? 0,
      rate_limit_window_seconds: fields.rateLimit?.windowSeconds ?? 60,
      rate_limit_message: fields.rateLimit?.message ?? '',
      max_parallel: fields.maxParallel ?? 0,
      tpm_limit: fields.tpmLimit ?? 0,
    })
    .execute();
  const row = await ctx.db
    .selectFrom('tokens')
    .select('id')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  const quota = fields.remainQuota ?? 0;
  await post(ctx.db, { account: 'token', accountId: row.id, delta: quota, reason: 'opening' });
  return { id: row.id, key: `sk-${key}` };
}

/** Fields of a seeded channel. */
export interface ChannelFields {
  type?: number;
  baseUrl: string;
  models: string[];
  key?: string;
  group?: string;
  priority?: number;
  weight?: number;
  status?: number;
  modelMapping?: Record<string, string>;
  other?: string;
  name?: string;
  /** Requests in flight at once; 0 = no cap. */
  maxConcurrency?: number;
  /** Requests per minute; 0 = no cap. */
  maxRpm?: number;
  /** The `setting` JSON (a `proxy`, say). */
  setting?: Record<string, unknown>;
}

/** An upstream channel; the routing index is refreshed. Returns its id. */
export async function seedChannel(ctx: AppContext, fields: ChannelFields): Promise<number> {
  const name = fields.name ?? `c${randomAlphanumeric(6)}`;
  await ctx.db
    .insertInto('channels')
    .values({
      type: fields.type ?? 1,
      key: fields.key ?? 'sk-upstream-test',
      status: fields.status ?? 1,
      name,
      weight: fields.weight ?? 0,
      priority: fields.priority ?? 0,
      created_time: nowSeconds(),
      base_url: fields.baseUrl,
      other: fields.other ?? '',
      models: fields.models.join(','),
      group: fields.group ?? 'default',
      model_mapping: JSON.stringify(fields.modelMapping ?? {}),
      setting: JSON.stringify(fields.setting ?? {}),
      max_concurrency: fields.maxConcurrency ?? 0,
      max_rpm: fields.maxRpm ?? 0,
    })
    .execute();
  const row = await ctx.db
    .selectFrom('channels')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  await ctx.channels.refresh();
  return row.id;
}

/** A user's balance and counters, and a key's remaining quota, after queued settlements. */
export async function balancesOf(ctx: AppContext, userId: number, tokenId?: number) {
  await ctx.billing.flush();
  const user = await ctx.db
    .selectFrom('users')
    .select(['quota', 'used_quota', 'request_count'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const token = tokenId
    ? await ctx.db
        .selectFrom('tokens')
        .select(['remain_quota', 'used_quota', 'status'])
        .where('id', '=', tokenId)
        .executeTakeFirstOrThrow()
    : undefined;
  return {
    quota: Number(user.quota),
    usedQuota: Number(user.used_quota),
    requestCount: Number(user.request_count),
    tokenRemain: token ? Number(token.remain_quota) : 0,
    tokenUsed: token ? Number(token.used_quota) : 0,
    tokenStatus: token?.status ?? 0,
  };
}

/** Waits for queued settlements, then returns a user's log rows, oldest first. */
export async function logsOf(ctx: AppContext, userId: number) {
  await ctx.billing.flush();
  return ctx.db
    .selectFrom('logs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The sum of a user's consume-log quotas: must equal the balance the user lost. */
export async function consumedQuota(ctx: AppContext, userId: number): Promise<number> {
  const rows = await logsOf(ctx, userId);
  return rows
    .filter((r) => r.type === LogType.consume)
    .reduce((sum, r) => sum + Number(r.quota), 0);
}
