import { ChannelStatus, LogType } from '@gateway/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Insertable } from 'kysely';
import { isFree } from '../../billing/pricing.js';
import { fixedQuota, reserveEstimate } from '../../billing/quota-formula.js';
import type { LogDraft, Settlement } from '../../billing/settle-plan.js';
import { logConsumeEnabled, quotaPerUnit } from '../../config/settings/groups/general.js';
import { retryTimes } from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';
import type { CachedChannel } from '../../domain/channels/channel-index.js';
import { reportChannelFailure } from '../../domain/channels/channel-health.js';
import { acceptTask, failTask } from '../../domain/tasks/task-money.js';
import type { TaskTable } from '../../domain/tasks/task-types.js';
import {
  endTaskRow,
  findTaskRow,
  insertDrawing,
  insertTask,
  updateTaskRow,
} from '../../db/queries/tasks.js';
import type { MidjourneysTable, TasksTable } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { RelayContext } from '../relay-context.js';
import { shouldRetry } from '../retry-policy.js';
import { channelsFull, checkCallerCaps, releaseChannel } from '../steps/admission.js';
import { checkKeyLimits, type KeyCaller } from '../steps/authenticate-caller.js';
import { checkLevelLimits, leaveSlots } from '../steps/level-limits.js';
import { pickAdmitted, type Admitted, type Fit } from '../steps/pick-channel.js';
import { priceRequest, reserve } from '../steps/price-and-reserve.js';
import { refundRequest } from '../steps/settle-request.js';

/**
 * SUBMIT of an asynchronous task, for every platform, through the relay's own steps: the
 * key's model list and rate limit, the level's limits, the caller's caps, the price (per call,
 * with its tiers), the hold within the balances and budgets (with the admission checks, in one
 * round trip), a channel that admits it, then the charge of the whole price through the
 * ledger before the upstream sees the task. It is sent upstream (retrying other channels on a
 * retryable failure) and either kept (accepted) or failed and refunded (refused). The
 * platform decides only how to talk to its upstream (`send`).
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

/** A task's price: its quota and the formula its consume log shows. */
interface TaskPrice {
  quota: number;
  formula: string;
}

type AnySubmission = TaskSubmission<DrawingColumns | TaskColumns>;

/** How many submits each HTTP request made so far: each has a request id of its own. */
const submitsOf = new WeakMap<FastifyRequest, number>();

/**
 * A task as the relay's steps read a request: a model priced per call (`calls`), with the
 * fields that per-call price tiers may match, routed in the caller's group. An action on an
 * earlier drawing (or a remix) is pinned to the channel that holds the original.
 */
function taskContext(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  who: KeyCaller,
  s: AnySubmission,
): RelayContext {
  const made = submitsOf.get(req) ?? 0;
  submitsOf.set(req, made + 1);
  const id = made === 0 ? req.id : `${req.id}-${made + 1}`;
  const rc = new RelayContext(ctx, req, reply, 'openai', 'task', {}, id);
  rc.caller =
    s.channelId === undefined ? who.caller : { ...who.caller, pinnedChannelId: s.channelId };
  rc.usingGroup = who.usingGroup;
  rc.request = {
    model: s.model,
    stream: false,
    includeUsage: false,
    body: { json: s.fields ?? {} },
    maxTokens: 0,
    promptTokens: 0,
    calls: s.calls ?? 1,
  };
  return rc;
}

/**
 * The quota of a task, from the price `priceRequest` found: a matching per-call tier's price
 * (the whole price of the call), else the per-call price times `calls`; a ratio-priced task
 * model costs what 1,000 prompt tokens would, like new-api's half unit.
 */
function taskPrice(rc: RelayContext): TaskPrice {
  const { pricing, priceTier: tier } = rc;
  if (isFree(pricing)) return { quota: 0, formula: 'free' };
  const perUnit = rc.ctx.settings.get(quotaPerUnit);
  const calls = rc.request.calls;
  if (tier !== null && pricing.kind === 'fixed') {
    const priced = fixedQuota(pricing, perUnit, 1);
    return { ...priced, formula: `${tier}: ${priced.formula}` };
  }
  if (pricing.kind === 'fixed') return fixedQuota(pricing, perUnit, calls);
  const quota = reserveEstimate(pricing, 1000, 0, 0, perUnit, calls);
  return { quota, formula: `ratio ${pricing.modelRatio} × group ${pricing.groupRatio} = ${quota}` };
}

/** The settlement of a task's charge: its whole price, with its consume log. */
function settlementOf(rc: RelayContext, s: AnySubmission, price: TaskPrice): Settlement {
  const { caller } = rc;
  let log: LogDraft | null = null;
  if (rc.ctx.settings.get(logConsumeEnabled)) {
    log = {
      user_id: caller.userId,
      created_at: rc.createdAt,
      type: LogType.consume,
      content: price.formula,
      username: caller.username,
      token_id: caller.token?.id ?? 0,
      token_name: caller.token?.name ?? '',
      model_name: s.model,
      quota: price.quota,
      channel_id: rc.attempt?.channel.id ?? 0,
      group: rc.usingGroup,
      ip: caller.recordIp ? rc.req.ip : '',
      request_id: rc.requestId,
      other: JSON.stringify({
        is_task: true,
        task_id: s.publicId,
        table: s.table,
        request_path: rc.req.url.split('?')[0],
      }),
    };
  }
  return {
    kind: 'settle',
    reservation: rc.reservation!,
    quota: price.quota,
    // The channel counts the quota as used once its upstream accepts the task (`acceptTask`).
    channelId: 0,
    log,
    usage: { username: caller.username, modelName: s.model, tokens: 0, createdAt: rc.createdAt },
  };
}

/**
 * CHARGE: writes the task's row, then turns the hold into a charge of the whole price through
 * the ledger (the relay's settlement: budgets counted, consume log written, durable once it
 * resolves), then puts the price on the row. The row says 0 until the charge is committed, so
 * a crash in between leaves a row that the poller fails later refunding nothing, never one
 * that refunds a charge that was not made. Returns the row id.
 */
async function charge(rc: RelayContext, s: AnySubmission, price: TaskPrice): Promise<number> {
  const { ctx, caller } = rc;
  const token = caller.token;
  const owner = {
    user_id: caller.userId,
    token_id: token?.id ?? 0,
    token_limited: token && !token.unlimited ? 1 : 0,
    group: rc.usingGroup,
    channel_id: rc.attempt!.channel.id,
    model_name: s.model,
    quota: 0,
    request_id: rc.requestId,
    updated_at: nowSeconds(),
  };
  const rowId =
    s.table === 'midjourneys'
      ? await insertDrawing(ctx.db, { ...(s.row as DrawingColumns), ...owner })
      : await insertTask(ctx.db, { ...(s.row as TaskColumns), ...owner });
  const settlement = settlementOf(rc, s, price);
  // From here on the hold is the settlement's: a failure must not refund it a second time.
  rc.outcome.settled = true;
  try {
    await ctx.billing.settleDelivered(settlement);
    // What follows (the row's price, a refund, the log's channel after a retry) comes after
    // the charge in the database, not only in the journal.
    await ctx.billing.flush();
  } catch (error) {
    await endTaskRow(ctx.db, s.table, rowId, {
      status: 'FAILURE',
      progress: '100%',
      fail_reason: 'the charge could not be recorded',
      finish_time: s.table === 'midjourneys' ? Date.now() : nowSeconds(),
      updated_at: nowSeconds(),
    });
    throw error;
  }
  if (price.quota > 0) await updateTaskRow(ctx.db, s.table, rowId, { quota: price.quota });
  return rowId;
}

/** A network failure as a refusal (502, retryable). */
const unreachable = (error: unknown): SubmitOutcome => ({
  accepted: false,
  status: 502,
  reason: error instanceof Error ? error.message : String(error),
  body: null,
  retry: true,
});

/** The channel of attempt `index` that admits the task, and sets it as the attempt. */
async function admitted(
  rc: RelayContext,
  fit: Fit<true>,
  index: number,
  full: Admitted<true>['full'],
): Promise<Admitted<true>> {
  const next = await pickAdmitted(rc, fit, index, full);
  if (next.picked) rc.attempt = { channel: next.picked[0], upstreamModel: rc.request.model, index };
  return next;
}

/**
 * Submits a task: see the file comment. Throws (nothing charged) when the caller may not, no
 * channel serves the model or has room, or the balance or a budget does not cover the price;
 * otherwise returns how the upstream answered, the row already accepted or failed and
 * refunded.
 */
export async function submitTask(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  who: KeyCaller,
  s: AnySubmission,
): Promise<Submitted> {
  const rc = taskContext(ctx, req, reply, who, s);
  try {
    return await chargeAndSend(rc, s);
  } catch (error) {
    // A hold not yet turned into a charge goes back; a charged task is refunded by `failTask`.
    refundRequest(rc, error);
    throw error;
  } finally {
    leaveSlots(rc);
  }
}

async function chargeAndSend(rc: RelayContext, s: AnySubmission): Promise<Submitted> {
  const { ctx } = rc;
  const pinned = s.channelId === undefined ? undefined : ctx.channels.get(s.channelId);
  if (pinned && pinned.status !== ChannelStatus.enabled) throw forbidden('channel_disabled');
  checkKeyLimits(rc);
  checkLevelLimits(rc);
  checkCallerCaps(rc);
  priceRequest(rc);
  const price = taskPrice(rc);
  const holding = reserve(rc, price.quota);
  if (holding) await holding;
  const fit: Fit<true> = (channel) => (s.channelTypes.includes(channel.type) ? true : undefined);
  let { picked, full } = await admitted(rc, fit, 0, null);
  if (!picked) {
    if (full) throw channelsFull(rc, full.retryAfter);
    throw new AppError('no_available_channel', { model: s.model, group: rc.usingGroup }, 503);
  }
  let channel = picked[0];
  const rowId = await charge(rc, s, price);
  const retries = rc.caller.pinnedChannelId !== null ? 0 : ctx.settings.get(retryTimes);
  let outcome: SubmitOutcome;
  for (let index = 0; ; index++) {
    rc.tried.add(channel.id);
    outcome = await s.send(channel).catch(unreachable);
    if (outcome.accepted) break;
    releaseChannel(rc, channel);
    if (outcome.status >= 500 || outcome.status === 401 || outcome.status === 429) {
      void reportChannelFailure(ctx, channel.id, {
        status: outcome.status,
        message: outcome.reason,
      }).catch(() => undefined);
    }
    const retryable = outcome.retry === true && shouldRetry(outcome.status, ctx.settings);
    if (!retryable || index >= retries) break;
    ({ picked, full } = await admitted(rc, fit, index + 1, full));
    if (!picked) break;
    channel = picked[0];
  }
  await recordOutcome(ctx, s.table, rowId, channel, outcome, price.quota, rc.requestId);
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
