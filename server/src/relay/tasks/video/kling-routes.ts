import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { findTask } from '../../../db/queries/tasks.js';
import { AppError, toAppError } from '../../../errors.js';
import { clientMessage, markRetryAfter } from '../../relay-errors.js';
import { isObject } from '../../adaptors/shared/json.js';
import { authenticateKey } from '../../steps/authenticate-caller.js';
import type { KlingKind } from './kling.js';
import { submitVideo } from './submit-video.js';
import { klingNativeJob } from './video-input.js';
import { klingEnvelope } from './video-wire.js';

/**
 * Kling's own routes, `POST /kling/v1/videos/{text2video|image2video}` and `GET …/:id`,
 * answered in Kling's envelope; an error is a non-zero `code` with its HTTP status.
 */

/** A refusal the upstream sent in Kling's envelope, passed on to the client. */
class KlingRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'KlingRefusal';
  }
}

/** Kling's error codes for our statuses (1000s auth, 1100s account, 1200s request, 5000 server). */
function klingCode(status: number): number {
  if (status === 401) return 1000;
  if (status === 403) return 1103;
  if (status === 404) return 1203;
  if (status === 429) return 1302;
  if (status >= 500) return 5000;
  return 1201;
}

/** Answers any failure of a Kling route in Kling's envelope with its HTTP status. */
export function sendKlingError(error: unknown, req: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof KlingRefusal) {
    void reply
      .code(error.status)
      .send({ code: error.code, message: error.message, request_id: req.id, data: null });
    return;
  }
  const appError = toAppError(error as FastifyError);
  const status = appError.status === 200 ? 400 : appError.status;
  if (status >= 500 && !(error instanceof AppError)) req.log.error({ err: error }, 'kling route');
  markRetryAfter(error, reply);
  void reply.code(status).send({
    code: klingCode(status),
    message: clientMessage(appError, req),
    request_id: req.id,
    data: null,
  });
}

/** POST `/kling/v1/videos/{kind}`: a Kling video, charged per call, under a public id. */
async function submit(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, kind: KlingKind) {
  const who = await authenticateKey(ctx, req, 'openai');
  const job = klingNativeJob(req, kind);
  const { submitted, taskId } = await submitVideo(ctx, req, reply, who, job);
  const { outcome } = submitted;
  if (!outcome.accepted) {
    const body = outcome.body;
    const status = outcome.status >= 400 && outcome.status < 600 ? outcome.status : 502;
    if (outcome.body === null) throw new AppError('upstream_unreachable', undefined, 502);
    if (outcome.status === 401 || outcome.status === 403) {
      throw new AppError('upstream_auth_failed', undefined, 502);
    }
    if (isObject(body) && typeof body.code === 'number' && body.code !== 0) {
      throw new KlingRefusal(status, body.code, outcome.reason);
    }
    throw new AppError('task_upstream_refused', { reason: outcome.reason }, status);
  }
  const row = await findTask(ctx.db, taskId);
  if (!row) throw new AppError('task_not_found', { id: taskId }, 404);
  await reply.send(klingEnvelope(row, req.id));
}

/** GET `/kling/v1/videos/{kind}/:id`: one of the caller's own Kling tasks. */
async function fetchOne(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const who = await authenticateKey(ctx, req, 'openai');
  const { id } = req.params as { id: string };
  const row = id.length <= 64 ? await findTask(ctx.db, id, who.caller.userId) : undefined;
  if (!row || row.platform !== 'kling') {
    throw new AppError('task_not_found', { id: id.slice(0, 64) }, 404);
  }
  await reply.send(klingEnvelope(row, req.id));
}

/** Mounts Kling's routes in their own scope. */
export async function registerKlingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, req, reply) => sendKlingError(error, req, reply));
    for (const kind of ['text2video', 'image2video'] as const) {
      scope.post(`/kling/v1/videos/${kind}`, (req, reply) => submit(ctx, req, reply, kind));
      scope.get(`/kling/v1/videos/${kind}/:id`, (req, reply) => fetchOne(ctx, req, reply));
    }
  });
}
