import { ChannelType } from '@gateway/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { taskEnabled } from '../../../config/settings/groups/general.js';
import type { AppContext } from '../../../context.js';
import { findTask, findTasks } from '../../../db/queries/tasks.js';
import { AppError, forbidden, invalidRequest } from '../../../errors.js';
import { nowSeconds } from '../../../lib/time.js';
import { isObject, type JsonObject } from '../../adaptors/shared/json.js';
import { submitTask, type SubmitOutcome } from '../submit-task.js';
import { authenticateKey } from '../../steps/authenticate-caller.js';
import { newTaskId, sendEnvelopeError, taskDto } from '../task-dto.js';
import { callSuno, sunoSubmitTimeoutMs } from './adaptor.js';

/**
 * The Suno routes of new-api (3.1): `POST /suno/submit/{music|lyrics}`, `POST /suno/fetch` and
 * `GET /suno/fetch/:id`, answered in Suno's `{code, message, data}` envelope. Clients only ever
 * see public task ids; the upstream's id stays on the row.
 */

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Suno's envelope around an answer. */
const success = (data: unknown) => ({ code: 'success', message: '', data });

/** What a Suno-API said to a submit. */
function outcomeOf(status: number, json: unknown): SubmitOutcome {
  const body: JsonObject = isObject(json) ? json : {};
  if (status === 200 && body.code === 'success' && typeof body.data === 'string' && body.data) {
    return {
      accepted: true,
      upstreamId: body.data,
      changes: { status: 'SUBMITTED', progress: '10%' },
    };
  }
  const reason = str(body.message) || str(body.code) || `upstream answered HTTP ${status}`;
  return {
    accepted: false,
    status: status >= 400 ? status : 502,
    reason: reason.slice(0, 1000),
    body: json ?? null,
    // new-api retries any non-2xx answer but 400 and 408 on another channel.
    retry: status !== 400 && status !== 408,
  };
}

/**
 * A refused submit as the error the client sees: the upstream's own status and reason, but
 * never the channel's credential problems or a network failure in detail.
 */
export function refusalError(outcome: Extract<SubmitOutcome, { accepted: false }>): AppError {
  if (outcome.body === null || outcome.status === 0) {
    return new AppError('upstream_unreachable', undefined, 502);
  }
  if (outcome.status === 401 || outcome.status === 403) {
    return new AppError('upstream_auth_failed', undefined, 502);
  }
  const status = outcome.status >= 400 && outcome.status < 600 ? outcome.status : 502;
  return new AppError('task_upstream_refused', { reason: outcome.reason }, status);
}

/** The body of a Suno request: a JSON object (an empty body counts as `{}`). */
function bodyOf(req: FastifyRequest): JsonObject {
  const body: unknown = req.body ?? {};
  if (!isObject(body)) throw invalidRequest('the request body must be a JSON object');
  return body;
}

/** POST `/suno/submit/:action`: a song or lyrics, charged per call before it is sent. */
async function submit(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const who = await authenticateKey(ctx, req, 'openai');
  if (!ctx.settings.get(taskEnabled)) throw forbidden('tasks_disabled');
  const action = (req.params as { action: string }).action.toUpperCase();
  if (action !== 'MUSIC' && action !== 'LYRICS') {
    throw new AppError('task_action_unknown', { action: action.slice(0, 40) }, 400);
  }
  const body = bodyOf(req);
  if (action === 'LYRICS' && !str(body.prompt).trim()) throw new AppError('task_prompt_required');
  const prompt = (str(body.prompt) || str(body.gpt_description_prompt)).slice(0, 4000);
  const model = `suno_${action.toLowerCase()}`;
  // Suno-API wants `make_instrumental` on every request.
  const forward = { ...body, make_instrumental: body.make_instrumental === true };
  const taskId = newTaskId();
  const { outcome } = await submitTask(ctx, req, reply, who, {
    table: 'tasks',
    model,
    channelTypes: [ChannelType.suno],
    publicId: taskId,
    row: {
      task_id: taskId,
      platform: 'suno',
      action,
      prompt,
      properties: JSON.stringify({
        input: prompt,
        origin_model_name: model,
        mv: str(body.mv).slice(0, 100),
        title: str(body.title).slice(0, 200),
        tags: str(body.tags).slice(0, 500),
      }),
      data: 'null',
      fail_reason: '',
      result_url: '',
      submit_time: nowSeconds(),
    },
    send: async (channel) => {
      const path = `/suno/submit/${action.toLowerCase()}`;
      const answer = await callSuno(channel, 'POST', path, forward, sunoSubmitTimeoutMs);
      return outcomeOf(answer.status, answer.json);
    },
  });
  if (!outcome.accepted) throw refusalError(outcome);
  await reply.send(success(taskId));
}

/** POST `/suno/fetch {"ids": […], "action"?}`: the caller's own tasks among the ids. */
async function fetchMany(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const who = await authenticateKey(ctx, req, 'openai');
  const body = bodyOf(req);
  const ids = body.ids;
  if (!Array.isArray(ids) || ids.length > 500) {
    throw invalidRequest('ids must be a list of at most 500 task ids');
  }
  const wanted = ids.filter((id): id is string => typeof id === 'string' && id.length <= 64);
  const action = str(body.action).toUpperCase();
  const rows = await findTasks(ctx.db, wanted, who.caller.userId);
  const mine = rows.filter((r) => r.platform === 'suno' && (!action || r.action === action));
  await reply.send(success(mine.map(taskDto)));
}

/** GET `/suno/fetch/:id`: one of the caller's own tasks. */
async function fetchOne(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const who = await authenticateKey(ctx, req, 'openai');
  const { id } = req.params as { id: string };
  const row = id.length <= 64 ? await findTask(ctx.db, id, who.caller.userId) : undefined;
  if (!row || row.platform !== 'suno') {
    throw new AppError('task_not_found', { id: id.slice(0, 64) }, 404);
  }
  await reply.send(success(taskDto(row)));
}

/** Mounts the Suno routes in their own scope, answering every error in Suno's envelope. */
export async function registerSunoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, req, reply) => sendEnvelopeError(error, req, reply));
    scope.post('/suno/submit/:action', (req, reply) => submit(ctx, req, reply));
    scope.post('/suno/fetch', (req, reply) => fetchMany(ctx, req, reply));
    scope.get('/suno/fetch/:id', (req, reply) => fetchOne(ctx, req, reply));
  });
}
