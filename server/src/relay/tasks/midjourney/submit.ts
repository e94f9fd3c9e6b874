import { ChannelStatus } from '@gateway/shared';
import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  drawingEnabled,
  mjAccountFilterEnabled,
  mjActionCheckSuccessEnabled,
  mjModeClearEnabled,
  mjNotifyEnabled,
} from '../../../config/settings/groups/general.js';
import type { AppContext } from '../../../context.js';
import type { CachedChannel } from '../../../domain/channels/channel-index.js';
import { findDrawing, type DrawingRow } from '../../../db/queries/tasks.js';
import { AppError, forbidden } from '../../../errors.js';
import { randomAlphanumeric } from '../../../lib/random.js';
import { isObject, type JsonObject } from '../../adaptors/shared/json.js';
import type { KeyCaller } from '../../steps/authenticate-caller.js';
import type { DrawingColumns, TaskSubmission } from '../submit-task.js';
import { authenticateKey } from '../../steps/authenticate-caller.js';
import { publicOrigin } from '../task-dto.js';
import { readMjRequest, withoutModeFlags, type MjRequest } from './actions.js';
import { midjourneyPlatform } from './adaptor.js';
import { acceptedAnswer, refusalAnswer } from './answers.js';
import { backupPlacement, submitWithBackup } from './backup.js';
import { checkModeLimit, modeOf } from './mode.js';
import { outcomeOf, readAnswer, type MjOutcome } from './outcome.js';
import { callMj, notifySignature, submitTimeoutMs } from './upstream.js';

/** A public drawing id: 16 random digits, not starting with 0; never the upstream's. */
export const newMjId = (): string =>
  `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e6)).padStart(6, '0')}`;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The earlier drawing a request continues: the caller's own (by public id), finished (or in
 * its window, for the modal step), on a channel that is still enabled.
 */
async function parentOf(ctx: AppContext, who: KeyCaller, m: MjRequest): Promise<DrawingRow | null> {
  if (!m.parentId) return null;
  const parent = await findDrawing(ctx.db, m.parentId, who.caller.userId);
  if (!parent || parent.upstream_id === '') {
    throw new AppError('task_not_found', { id: m.parentId.slice(0, 32) }, 404);
  }
  const ready =
    m.action === 'MODAL'
      ? parent.status === 'MODAL'
      : parent.status === 'SUCCESS' || !ctx.settings.get(mjActionCheckSuccessEnabled);
  if (!ready) throw new AppError('task_parent_not_success', { id: m.parentId });
  const channel = ctx.channels.get(parent.channel_id);
  if (!channel || channel.status !== ChannelStatus.enabled) {
    throw new AppError('task_channel_disabled', { id: m.parentId }, 403);
  }
  return parent;
}

/**
 * The body the upstream gets: the upstream's own task id instead of our public one, no client
 * hook (ours is added per channel), no account filter unless allowed, speed flags stripped
 * when the operator says so.
 */
function upstreamBody(
  ctx: AppContext,
  path: string,
  body: JsonObject,
  parent: DrawingRow | null,
): JsonObject {
  const out: JsonObject = { ...body };
  delete out.notifyHook;
  if (!ctx.settings.get(mjAccountFilterEnabled)) delete out.accountFilter;
  if (parent) {
    if (path === '/submit/simple-change') {
      out.content = str(body.content).trim().replace(/^\d+/, parent.upstream_id);
    } else out.taskId = parent.upstream_id;
  }
  if (typeof out.prompt === 'string' && ctx.settings.get(mjModeClearEnabled)) {
    out.prompt = withoutModeFlags(out.prompt);
  }
  return out;
}

/** A network failure or timeout: refused, retryable (as `submitTask` reads a thrown `send`). */
const unreachable = (reason: string): MjOutcome => ({
  accepted: false,
  status: 502,
  reason,
  body: null,
  retry: true,
  answer: null,
  upstreamStatus: 0,
});

/** One submit as the upstream sees it, on whichever channel `submitTask` picks. */
function sender(
  ctx: AppContext,
  req: FastifyRequest,
  path: string,
  mode: string,
  body: JsonObject,
  m: MjRequest,
) {
  return async (channel: CachedChannel): Promise<MjOutcome> => {
    const notifyHook = `${publicOrigin(ctx, req)}/mj/notify/${channel.id}/${notifySignature(channel)}`;
    const prefix = mode ? `/mj-${mode}` : '';
    try {
      const answer = await callMj(
        channel,
        'POST',
        `${prefix}/mj${path}`,
        { ...body, notifyHook },
        submitTimeoutMs,
      );
      return outcomeOf(answer.status, readAnswer(answer.json), m.action, m.parentId !== '');
    } catch (error) {
      return unreachable(error instanceof Error ? error.message : String(error));
    }
  };
}

/** The row of a new drawing. */
function newRow(
  ctx: AppContext,
  m: MjRequest,
  mode: string,
  body: JsonObject,
  parent: DrawingRow | null,
  mjId: string,
): DrawingColumns {
  const hook = ctx.settings.get(mjNotifyEnabled) ? str(body.notifyHook).trim() : '';
  const prompt = ctx.settings.get(mjModeClearEnabled) ? withoutModeFlags(m.prompt) : m.prompt;
  return {
    mj_id: mjId,
    parent_id: parent?.mj_id ?? '',
    action: m.action,
    mode,
    prompt: (prompt || parent?.prompt || '').slice(0, 8000),
    prompt_en: '',
    description: '',
    state: str(body.state).slice(0, 2000),
    image_url: '',
    video_url: '',
    video_urls: '[]',
    fail_reason: '',
    buttons: '[]',
    // Kept for the day callbacks are forwarded to clients; never sent anywhere yet.
    properties: JSON.stringify(hook ? { clientNotifyHook: hook.slice(0, 2000) } : {}),
    image_token: randomAlphanumeric(24),
    submit_time: Date.now(),
  };
}

/**
 * POST `/mj/submit/…` and `/mj/insight-face/swap` (any mode prefix): validates, finds the
 * parent drawing, resolves the mode and its limit, then charges, sends and records the
 * drawing (`submitTask`, once more in the backup pool when allowed) and answers in
 * Midjourney-Proxy's shape with our public id.
 */
export async function submitDrawing(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
  pathMode: string,
): Promise<void> {
  const who = await authenticateKey(ctx, req, 'openai');
  if (!ctx.settings.get(drawingEnabled)) throw forbidden('drawing_disabled');
  const m = readMjRequest(path, req.body ?? {});
  const body: JsonObject = isObject(req.body) ? req.body : {};
  const parent = await parentOf(ctx, who, m);
  const mode = modeOf(who, pathMode, body, m);
  await checkModeLimit(ctx, who.caller.userId, mode);
  const forward = upstreamBody(ctx, path, body, parent);
  const send = sender(ctx, req, path, mode, forward, m);
  const plan = (mjId: string, calls: number): TaskSubmission<DrawingColumns> => ({
    table: 'midjourneys',
    model: m.model,
    calls,
    channelTypes: midjourneyPlatform.channelTypes,
    channelId: parent?.channel_id,
    publicId: mjId,
    row: newRow(ctx, m, mode, body, parent, mjId),
    send,
  });
  const backup = parent ? null : backupPlacement(ctx, who);
  const { submitted, publicId } = await submitWithBackup(
    ctx,
    req,
    reply,
    who,
    plan,
    backup,
    newMjId,
  );
  // `submitTask` hands back what the last `send` returned.
  const outcome: MjOutcome =
    'upstreamStatus' in submitted.outcome
      ? (submitted.outcome as MjOutcome)
      : unreachable(submitted.outcome.accepted ? '' : submitted.outcome.reason);
  if (outcome.accepted) {
    await reply.send(await acceptedAnswer(ctx, req, who, outcome, publicId));
    return;
  }
  const refusal = refusalAnswer(ctx, req, who, outcome);
  await reply.code(refusal.status).send(refusal.body);
}
