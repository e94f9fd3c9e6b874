import { ChannelStatus, LogType } from '@gateway/shared';
import type { FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import { tieredPrice } from '../../billing/price-tiers.js';
import { cachedPriceModel, isFree } from '../../billing/pricing.js';
import { fixedQuota, reserveEstimate } from '../../billing/quota-formula.js';
import { modelPriceTiers } from '../../config/settings/groups/billing.js';
import { logConsumeEnabled, quotaPerUnit } from '../../config/settings/groups/general.js';
import { retryTimes } from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';
import type { CachedChannel } from '../../domain/channels/channel-index.js';
import { reportChannelFailure } from '../../domain/channels/channel-health.js';
import { discountFor } from '../../domain/levels/discount.js';
import { acceptTask, chargeNewTask, failTask, taskRef } from '../../domain/tasks/task-money.js';
import type { TaskTable } from '../../domain/tasks/task-types.js';
import { findTaskRow, insertDrawing, insertTask } from '../../db/queries/tasks.js';
import type { LogsTable, MidjourneysTable, TasksTable } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import type { KeyCaller } from '../steps/authenticate-caller.js';
import { shouldRetry } from '../retry-policy.js';

/**
 * SUBMIT of an asynchronous task, for every platform: price it, pick a channel, charge the
 * whole price and record the row in one transaction, send it upstream (retrying other
 * channels on a retryable failure), then either keep the charge (accepted) or fail the row and
 * refund it (refused). The platform decides only how to talk to its upstream (`send`).
 */

/** The row's own columns of a drawing; owner, money and routing are filled in here. */
export type DrawingColumns = Omit<
  Insertable<MidjourneysTable>,
  | 'user_id'
  | 'token_id'
  | 'token_limited'
  | 'group'
  | 'channel_id'
  | 'quota'
  | 'request_id'
  | 'updated_at'
>;
/** The row's own columns of a music or video task. */
export type TaskColumns = Omit<
  Insertable<TasksTable>,
  | 'user_id'
  | 'token_id'
  | 'token_limited'
  | 'group'
  | 'channel_id'
  | 'quota'
  | 'request_id'
  | 'updated_at'
>;

/** What the upstream said to a submit. */
export type SubmitOutcome =
  | {
      accepted: true;
      /** The upstream's task id ('' for a task that finished at once, such as an upload). */
      upstreamId: string;
      /** Columns to set on the row now (status, code, progress, a result …). */
      changes?: Partial<DrawingColumns & TaskColumns>;
      /** The task already finished (e.g. an upload); the row is closed now. */
      finished?: boolean;
    }
  | {
      accepted: false;
      /** HTTP status to answer with (the upstream's, or 502 when it could not be reached). */
      status: number;
      /** Why, for the row's failure reason and the log. */
      reason: string;
      /** The answer for the client, in the platform's shape. */
      body: unknown;
      /** Another channel may succeed (5xx, 429, network). */
      retry?: boolean;
      /** Columns to set on the failed row (e.g. the Midjourney submit code). */
      changes?: Partial<DrawingColumns & TaskColumns>;
    };

/** One task to submit. */
export interface TaskSubmission<Row extends DrawingColumns | TaskColumns> {
  table: TaskTable;
  /** The priced model name (`mj_imagine`, `suno_music`, `sora-2`). */
  model: string;
  /** Multiplier of the per-call price (a video's seconds × size); 1 otherwise. */
  calls?: number;
  /**
   * Request fields that per-call price tiers may match (`ModelPriceTiers`, e.g. a video's
   * `seconds` or `size`); a matching tier's price is the whole price of the call.
   */
  fields?: Record<string, unknown>;
  /** Channel types that can serve it. */
  channelTypes: readonly number[];
  /** The channel it must go to (an action on an earlier drawing); no retries then. */
  channelId?: number;
  /** The row's own columns. */
  row: Row;
  /** The public id of the new row. */
  publicId: string;
  /** Sends it upstream on `channel`; throws only for network failures. */
  send(channel: CachedChannel): Promise<SubmitOutcome>;
}

/** How a submit ended. */
export interface Submitted {
  rowId: number;
  channel: CachedChannel;
  outcome: SubmitOutcome;
  quota: number;
}

/**
 * The quota of a task: the price of the per-call tier its fields match, else its per-call
 * price, or a ratio model's default hold, times `calls`.
 */
function priceTask(
  ctx: AppContext,
  who: KeyCaller,
  model: string,
  calls: number,
  fields: Record<string, unknown> | undefined,
) {
  const { caller } = who;
  const base = cachedPriceModel(ctx.settings, {
    model,
    usingGroup: who.usingGroup,
    userGroup: caller.userGroup,
    userDiscount: discountFor(ctx.levels.get(caller.level), caller.overrides, model),
  });
  const tiers = ctx.settings.get(modelPriceTiers)[base.priceKey];
  const { pricing, tier } = tieredPrice(base, tiers, fields, 0);
  if (isFree(pricing)) return { quota: 0, formula: 'free' };
  const perUnit = ctx.settings.get(quotaPerUnit);
  if (tier !== null && pricing.kind === 'fixed') {
    const priced = fixedQuota(pricing, perUnit, 1);
    return { ...priced, formula: `${tier}: ${priced.formula}` };
  }
  if (pricing.kind === 'fixed') return fixedQuota(pricing, perUnit, calls);
  // A ratio-priced task model holds what 1,000 prompt tokens would cost, like new-api's half unit.
  const quota = reserveEstimate(pricing, 1000, 0, 0, perUnit, calls);
  return { quota, formula: `ratio ${pricing.modelRatio} × group ${pricing.groupRatio} = ${quota}` };
}

/** Checks the key may use the model (its model list and rate limit). */
async function checkKey(ctx: AppContext, who: KeyCaller, model: string): Promise<void> {
  const token = who.caller.token;
  if (!token) return;
  if (token.modelLimits && !token.modelLimits.has(model)) {
    throw forbidden('token_model_denied', { model });
  }
  const limit = token.rateLimit;
  if (limit.count > 0 && limit.windowSeconds > 0) {
    const hits = await ctx.shared.hit(`rl:key:${token.id}`, limit.windowSeconds);
    if (hits > limit.count) throw new AppError('too_many_requests', undefined, 429);
  }
}

/** The channel of attempt `index` among those that serve the platform, never a tried one. */
function pickChannel(
  ctx: AppContext,
  who: KeyCaller,
  s: TaskSubmission<DrawingColumns | TaskColumns>,
  tried: ReadonlySet<number>,
  index: number,
): CachedChannel | null {
  const pinned = s.channelId ?? who.caller.pinnedChannelId;
  if (pinned !== null && pinned !== undefined) {
    const channel = ctx.channels.get(pinned);
    if (!channel || tried.has(channel.id)) return null;
    if (channel.status !== ChannelStatus.enabled) throw forbidden('channel_disabled');
    return channel;
  }
  let exclude: ReadonlySet<number> = tried;
  for (;;) {
    const channel = ctx.channels.select({
      group: who.usingGroup,
      model: s.model,
      exclude,
      attempt: index,
    });
    if (!channel || s.channelTypes.includes(channel.type)) return channel;
    exclude = new Set([...exclude, channel.id]);
  }
}

function consumeLog(
  req: FastifyRequest,
  who: KeyCaller,
  s: TaskSubmission<DrawingColumns | TaskColumns>,
  channel: CachedChannel,
  price: { quota: number; formula: string },
): Insertable<LogsTable> {
  const { caller } = who;
  return {
    user_id: caller.userId,
    created_at: nowSeconds(),
    type: LogType.consume,
    content: price.formula,
    username: caller.username,
    token_id: caller.token?.id ?? 0,
    token_name: caller.token?.name ?? '',
    model_name: s.model,
    quota: price.quota,
    channel_id: channel.id,
    group: who.usingGroup,
    ip: caller.recordIp ? req.ip : '',
    request_id: req.id,
    other: JSON.stringify({
      is_task: true,
      task_id: s.publicId,
      table: s.table,
      request_path: req.url.split('?')[0],
    }),
  };
}

/** A network failure as a refusal (502, retryable). */
const unreachable = (error: unknown): SubmitOutcome => ({
  accepted: false,
  status: 502,
  reason: error instanceof Error ? error.message : String(error),
  body: null,
  retry: true,
});

/**
 * Submits a task: see the file comment. Throws (nothing charged) when the caller may not,
 * no channel serves the model or the balance does not cover the price; otherwise returns
 * how the upstream answered, the row already accepted or failed and refunded.
 */
export async function submitTask(
  ctx: AppContext,
  req: FastifyRequest,
  who: KeyCaller,
  s: TaskSubmission<DrawingColumns | TaskColumns>,
): Promise<Submitted> {
  await checkKey(ctx, who, s.model);
  const price = priceTask(ctx, who, s.model, s.calls ?? 1, s.fields);
  const tried = new Set<number>();
  const first = pickChannel(ctx, who, s, tried, 0);
  if (!first) {
    throw new AppError('no_available_channel', { model: s.model, group: who.usingGroup }, 503);
  }
  let channel: CachedChannel = first;
  const { caller } = who;
  const token = caller.token;
  const now = nowSeconds();
  const owner = {
    user_id: caller.userId,
    token_id: token?.id ?? 0,
    token_limited: token && !token.unlimited ? 1 : 0,
    group: who.usingGroup,
    channel_id: channel.id,
    model_name: s.model,
    quota: price.quota,
    request_id: req.id,
    updated_at: now,
  };
  const payer = {
    userId: caller.userId,
    tokenId: owner.token_id,
    tokenLimited: owner.token_limited === 1,
    channelId: 0,
    quota: price.quota,
    ref: taskRef(s.table, s.publicId),
  };
  const log = ctx.settings.get(logConsumeEnabled) ? consumeLog(req, who, s, channel, price) : null;
  const rowId = await chargeNewTask(ctx, payer, log, (trx) =>
    s.table === 'midjourneys'
      ? insertDrawing(trx, { ...(s.row as DrawingColumns), ...owner })
      : insertTask(trx, { ...(s.row as TaskColumns), ...owner }),
  );

  const retries =
    s.channelId !== undefined || caller.pinnedChannelId !== null ? 0 : ctx.settings.get(retryTimes);
  let outcome: SubmitOutcome;
  for (let index = 0; ; index++) {
    tried.add(channel.id);
    outcome = await s.send(channel).catch(unreachable);
    if (outcome.accepted) break;
    if (outcome.status >= 500 || outcome.status === 401 || outcome.status === 429) {
      void reportChannelFailure(ctx, channel.id, {
        status: outcome.status,
        message: outcome.reason,
      }).catch(() => undefined);
    }
    const retryable: boolean = outcome.retry === true && shouldRetry(outcome.status, ctx.settings);
    const next: CachedChannel | null =
      retryable && index < retries ? pickChannel(ctx, who, s, tried, index + 1) : null;
    if (!next) break;
    channel = next;
  }
  await recordOutcome(ctx, s.table, rowId, channel, outcome, price.quota, req.id);
  return { rowId, channel, outcome, quota: price.quota };
}

/** Writes the upstream's answer on the row: accepted, or failed and refunded. */
async function recordOutcome(
  ctx: AppContext,
  table: TaskTable,
  rowId: number,
  channel: CachedChannel,
  outcome: SubmitOutcome,
  quota: number,
  requestId: string,
): Promise<void> {
  if (!outcome.accepted) {
    const row = await findTaskRow(ctx.db, table, rowId);
    if (!row) return;
    const changes = { ...outcome.changes, channel_id: channel.id };
    await failTask(ctx, table, { ...row, channel_id: channel.id }, changes, outcome.reason);
    return;
  }
  const finished = outcome.finished
    ? { finish_time: table === 'midjourneys' ? Date.now() : nowSeconds(), progress: '100%' }
    : {};
  const changes = {
    ...outcome.changes,
    ...finished,
    upstream_id: outcome.upstreamId,
    updated_at: nowSeconds(),
  };
  await acceptTask(ctx, table, rowId, changes, channel.id, quota, requestId);
}
