import { ChannelType } from '@gateway/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { taskEnabled } from '../../../config/settings/groups/general.js';
import type { AppContext } from '../../../context.js';
import type { CachedChannel } from '../../../domain/channels/channel-index.js';
import type { TaskRow } from '../../../db/queries/tasks.js';
import { AppError, forbidden } from '../../../errors.js';
import { nowSeconds } from '../../../lib/time.js';
import { isObject, type JsonObject } from '../../adaptors/shared/json.js';
import type { KeyCaller } from '../../steps/authenticate-caller.js';
import { submitTask, type SubmitOutcome, type Submitted } from '../submit-task.js';
import { newTaskId } from '../task-dto.js';
import { callKling, klingUpstreamId, type KlingKind } from './kling.js';
import { textFields, withField, type Multipart } from './multipart.js';
import { callSora, soraCalls, soraSeconds, soraSizes } from './sora.js';

/** The video protocols. */
export type VideoPlatform = 'sora' | 'kling';

/** How a Sora create goes upstream: the client's JSON, or its multipart body kept as it is. */
export type SoraBody = { json: JsonObject } | { form: Multipart };

/** A video to submit, whatever route it came by, already checked. */
export interface VideoJob {
  platform: VideoPlatform;
  /** The priced model the client asked for. */
  model: string;
  prompt: string;
  /** Seconds (Sora `seconds`, Kling `duration`). */
  seconds: number;
  /** Sora: `WxH`; Kling: the aspect ratio. */
  size: string;
  /** The row's action: `textGenerate`, `generate` (from an image) or `remixGenerate`. */
  action: string;
  /** Sora: the create body; Kling: the body for `POST /v1/videos/{kind}`. */
  sora?: SoraBody;
  kling?: { kind: KlingKind; body: JsonObject };
  /** The finished Sora video this one remixes (same channel, same price). */
  remixOf?: TaskRow;
}

/** Channel types that serve each protocol. */
export const videoChannelTypes: Readonly<Record<VideoPlatform, readonly number[]>> = {
  sora: [ChannelType.sora, ChannelType.openai],
  kling: [ChannelType.kling],
};

/**
 * Which protocol serves a model for a caller: that of the channels that carry the model in the
 * caller's group (or of the caller's pinned channel); by the model's name when both or none do.
 */
export function videoPlatformOf(ctx: AppContext, who: KeyCaller, model: string): VideoPlatform {
  const types = new Set<number>();
  const pinned = who.caller.pinnedChannelId;
  const pinnedChannel = pinned === null ? null : ctx.channels.get(pinned);
  if (pinnedChannel) types.add(pinnedChannel.type);
  else {
    const seen = new Set<number>();
    for (let i = 0; i < 64; i++) {
      const channel = ctx.channels.select({
        group: who.usingGroup,
        model,
        exclude: seen,
        attempt: 0,
      });
      if (!channel) break;
      seen.add(channel.id);
      types.add(channel.type);
    }
  }
  const kling = types.has(ChannelType.kling);
  const sora = types.has(ChannelType.sora) || types.has(ChannelType.openai);
  if (kling !== sora) return kling ? 'kling' : 'sora';
  return model.toLowerCase().startsWith('kling') ? 'kling' : 'sora';
}

/** Refuses a Sora length or size the model does not render (400 `task_field_invalid`). */
export function checkSora(model: string, seconds: string, size: string): void {
  if (!soraSeconds.includes(seconds)) {
    throw new AppError('task_field_invalid', {
      field: 'seconds',
      detail: `"${seconds.slice(0, 20)}" is not one of ${soraSeconds.join(', ')}`,
    });
  }
  const allowed = soraSizes(model);
  if (allowed ? !allowed.includes(size) : !/^\d{2,5}x\d{2,5}$/.test(size)) {
    throw new AppError('task_field_invalid', {
      field: 'size',
      detail: `"${size.slice(0, 20)}" is not one of ${(allowed ?? ['WIDTHxHEIGHT']).join(', ')} for ${model}`,
    });
  }
}

/** Refuses a Kling duration other than 5 or 10 seconds. */
export function checkKlingDuration(duration: string): void {
  if (duration !== '5' && duration !== '10') {
    throw new AppError('task_field_invalid', {
      field: 'duration',
      detail: `"${duration.slice(0, 20)}" is not one of 5, 10`,
    });
  }
}

/** What an upstream answered that is not an accepted task. */
function refused(status: number, json: unknown, text: string): SubmitOutcome {
  const body = isObject(json) ? json : {};
  const inner = isObject(body.error) ? body.error : {};
  const message =
    (typeof inner.message === 'string' && inner.message) ||
    (typeof body.message === 'string' && body.message) ||
    `upstream answered HTTP ${status}`;
  return {
    accepted: false,
    status: status >= 400 ? status : 502,
    reason: message.slice(0, 1000),
    body: json ?? text,
    // As new-api: another channel may do better unless the request itself was refused.
    retry: status !== 400 && status !== 408 && status !== 422,
  };
}

/** Longest upstream answer kept on the row (MySQL's TEXT holds 64 KB). */
const maxDataLength = 60_000;

/** An upstream answer as the row's `data`, or a marker when it is too large to keep. */
function dataText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length <= maxDataLength ? text : JSON.stringify({ truncated: true });
}

/** The model a channel is asked for (its model mapping applied). */
const upstreamModelOf = (channel: CachedChannel, model: string) =>
  channel.modelMapping[model] || model;

/** The Sora create body for a channel: the model replaced only where that is safe. */
function soraRequest(channel: CachedChannel, job: VideoJob) {
  const model = upstreamModelOf(channel, job.model);
  const body = job.sora ?? { json: {} };
  if ('json' in body) {
    const json = { ...body.json, model, seconds: String(job.seconds), size: job.size };
    return { data: JSON.stringify(json), contentType: 'application/json' };
  }
  const fields = textFields(body.form);
  const contentType = `multipart/form-data; boundary=${body.form.boundary}`;
  if ((fields.model || 'sora-2') === model) return { data: body.form.raw, contentType };
  const rewritten = withField(body.form, 'model', model);
  if (rewritten) return { data: rewritten, contentType };
  // Not safely rewritable: the text fields as JSON (a reference image is lost).
  const json = { ...fields, model, seconds: String(job.seconds), size: job.size };
  return { data: JSON.stringify(json), contentType: 'application/json' };
}

async function sendSora(channel: CachedChannel, job: VideoJob): Promise<SubmitOutcome> {
  const answer = job.remixOf
    ? await callSora(channel, 'POST', `/${encodeURIComponent(job.remixOf.upstream_id)}/remix`, {
        data: JSON.stringify({ prompt: job.prompt }),
        contentType: 'application/json',
      })
    : await callSora(channel, 'POST', '', soraRequest(channel, job));
  const json = answer.json;
  if (answer.status === 200 && isObject(json) && typeof json.id === 'string' && json.id) {
    return {
      accepted: true,
      upstreamId: json.id,
      changes: { status: 'QUEUED', progress: '0%', data: dataText(json) },
    };
  }
  return refused(answer.status, json, answer.text);
}

async function sendKling(channel: CachedChannel, job: VideoJob): Promise<SubmitOutcome> {
  const { kind, body } = job.kling ?? { kind: 'text2video', body: {} };
  const request = { ...body, model_name: upstreamModelOf(channel, job.model) };
  const answer = await callKling(channel, 'POST', `/v1/videos/${kind}`, request);
  const json = answer.json;
  const data = isObject(json) && isObject(json.data) ? json.data : null;
  if (answer.status === 200 && isObject(json) && json.code === 0 && data) {
    const id = data.task_id;
    if (typeof id === 'string' && id) {
      return {
        accepted: true,
        upstreamId: klingUpstreamId(kind, id),
        changes: { status: 'SUBMITTED', progress: '10%', data: dataText(data) },
      };
    }
  }
  return refused(answer.status, json, answer.text);
}

/**
 * Submits a checked video: priced per call (Sora: × seconds × size ratio; Kling: flat),
 * charged with its row, sent (a remix to the original's channel), and accepted or refunded.
 */
export async function submitVideo(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  who: KeyCaller,
  job: VideoJob,
): Promise<{ submitted: Submitted; taskId: string }> {
  if (!ctx.settings.get(taskEnabled)) throw forbidden('tasks_disabled');
  if (!job.prompt.trim()) throw new AppError('task_prompt_required');
  const taskId = newTaskId();
  const prompt = job.prompt.slice(0, 4000);
  const submitted = await submitTask(ctx, req, reply, who, {
    table: 'tasks',
    model: job.model,
    calls: job.platform === 'sora' ? soraCalls(job.seconds, job.size) : 1,
    fields: { ...(job.sora ?? job.kling?.body), seconds: job.seconds, size: job.size },
    channelTypes: videoChannelTypes[job.platform],
    channelId: job.remixOf?.channel_id,
    publicId: taskId,
    row: {
      task_id: taskId,
      platform: job.platform,
      action: job.action,
      prompt,
      properties: JSON.stringify({
        input: prompt,
        origin_model_name: job.model,
        model: job.model,
        seconds: job.seconds,
        size: job.size.slice(0, 32),
        ...(job.remixOf ? { remix_of: job.remixOf.task_id } : {}),
      }),
      data: 'null',
      fail_reason: '',
      result_url: '',
      submit_time: nowSeconds(),
    },
    send: (channel) => (job.platform === 'sora' ? sendSora(channel, job) : sendKling(channel, job)),
  });
  return { submitted, taskId };
}
