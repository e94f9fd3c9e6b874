import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fetchAllowedHosts } from '../../../config/settings/groups/operation.js';
import type { AppContext } from '../../../context.js';
import { findTask, type TaskRow } from '../../../db/queries/tasks.js';
import { AppError } from '../../../errors.js';
import { optionalSessionUserId } from '../../../http/middleware/optional-session.js';
import { isObject } from '../../adaptors/shared/json.js';
import { normalizeUpstreamError } from '../../adaptors/errors/upstream-error.js';
import { corsHeader } from '../../cors.js';
import { sendRelayError, UpstreamFailure } from '../../relay-errors.js';
import { checkOwnerActive, presentedKey } from '../../../domain/tokens/presented-key.js';
import type { Submitted } from '../submit-task.js';
import { authenticateKey } from '../../steps/authenticate-caller.js';
import { streamVideo } from './content.js';
import { registerKlingRoutes } from './kling-routes.js';
import { submitVideo, type VideoJob } from './submit-video.js';
import { openaiVideoJob, unifiedVideoJob } from './video-input.js';
import { propsOf, videoObject, videoTaskDto } from './video-wire.js';

/**
 * The OpenAI-shaped video routes: `/v1/videos` (create, retrieve, content, remix) and the
 * unified `/v1/video/generations`; errors as `{"error": {message, type, code}}`.
 */

const idParam = (req: FastifyRequest) => (req.params as { id: string }).id;

/**
 * The caller's own video task (never another user's, never a song): by API key, or (for the
 * content route) by the console session when the request carries no key.
 */
export async function ownVideo(
  ctx: AppContext,
  req: FastifyRequest,
  id: string,
  sessionToo = false,
): Promise<TaskRow> {
  let userId: number | null = null;
  if (sessionToo && !presentedKey(req, 'openai')) {
    userId = await optionalSessionUserId(ctx, req);
    if (userId !== null) checkOwnerActive(await ctx.users.get(userId));
  }
  if (userId === null) userId = (await authenticateKey(ctx, req, 'openai')).caller.userId;
  return findOwnVideo(ctx, id, userId);
}

/** A video task of `userId` by its public id; 404 for anything else. */
async function findOwnVideo(ctx: AppContext, id: string, userId: number): Promise<TaskRow> {
  const row = id.length <= 64 ? await findTask(ctx.db, id, userId) : undefined;
  if (!row || (row.platform !== 'sora' && row.platform !== 'kling')) {
    throw new AppError('task_not_found', { id: id.slice(0, 64) }, 404);
  }
  return row;
}

/** The accepted task's row; a refusal is thrown as the upstream's error (OpenAI-shaped). */
export async function acceptedRow(
  ctx: AppContext,
  done: { submitted: Submitted; taskId: string },
): Promise<TaskRow> {
  const { outcome, channel } = done.submitted;
  if (!outcome.accepted) {
    // No body: the upstream could not be reached (rendered as such, status 0).
    const status = outcome.body === null ? 0 : outcome.status;
    const error = normalizeUpstreamError(status, outcome.body ?? '');
    throw new UpstreamFailure({ ...error, message: outcome.reason }, channel.id, status || 502);
  }
  const row = await findTask(ctx.db, done.taskId);
  if (!row) throw new AppError('task_not_found', { id: done.taskId }, 404);
  return row;
}

async function create(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, unified: boolean) {
  const who = await authenticateKey(ctx, req, 'openai');
  const job: VideoJob = unified ? unifiedVideoJob(ctx, req, who) : openaiVideoJob(ctx, req, who);
  const row = await acceptedRow(ctx, await submitVideo(ctx, req, reply, who, job));
  await reply.headers(corsHeader).send(videoObject(row));
}

/** POST `/v1/videos/:id/remix`: a new video from the caller's finished Sora video. */
async function remix(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const who = await authenticateKey(ctx, req, 'openai');
  const original = await findOwnVideo(ctx, idParam(req), who.caller.userId);
  if (original.platform !== 'sora') {
    throw new AppError('task_field_invalid', {
      field: 'video_id',
      detail: 'only Sora videos can be remixed',
    });
  }
  if (original.status !== 'SUCCESS') {
    throw new AppError('task_not_finished', { id: original.task_id });
  }
  const body: unknown = req.body ?? {};
  const props = propsOf(original);
  const job: VideoJob = {
    platform: 'sora',
    model: original.model_name,
    prompt: isObject(body) && typeof body.prompt === 'string' ? body.prompt : '',
    seconds: Number(props.seconds) || 4,
    size: typeof props.size === 'string' ? props.size : '720x1280',
    action: 'remixGenerate',
    remixOf: original,
  };
  const row = await acceptedRow(ctx, await submitVideo(ctx, req, reply, who, job));
  await reply.headers(corsHeader).send(videoObject(row));
}

/** Mounts the video routes, each family in its own scope with its own error shape. */
export async function registerVideoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // `POST /v1/videos` may be multipart: kept as raw bytes, read and forwarded here.
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error, req, reply) => sendRelayError('openai', error, req, reply));
    scope.post('/v1/videos', (req, reply) => create(ctx, req, reply, false));
    scope.get('/v1/videos/:id', async (req, reply) => {
      const row = await ownVideo(ctx, req, idParam(req));
      await reply.headers(corsHeader).send(videoObject(row));
    });
    scope.get('/v1/videos/:id/content', async (req, reply) => {
      const row = await ownVideo(ctx, req, idParam(req), true);
      await streamVideo(
        reply,
        row,
        ctx.channels.get(row.channel_id),
        ctx.settings.get(fetchAllowedHosts),
      );
    });
    scope.post('/v1/videos/:id/remix', (req, reply) => remix(ctx, req, reply));
    // Listing and deleting videos are not relayed (as in new-api).
    const notImplemented = () =>
      Promise.reject(new AppError('api_not_implemented', undefined, 501));
    scope.get('/v1/videos', notImplemented);
    scope.delete('/v1/videos/:id', notImplemented);
    scope.post('/v1/video/generations', (req, reply) => create(ctx, req, reply, true));
    scope.get('/v1/video/generations/:id', async (req, reply) => {
      const row = await ownVideo(ctx, req, idParam(req));
      await reply
        .headers(corsHeader)
        .send({ code: 'success', message: '', data: videoTaskDto(ctx, req, row) });
    });
  });
  await registerKlingRoutes(app, ctx);
}
