import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { findDrawing, findDrawings } from '../../../db/queries/tasks.js';
import { AppError } from '../../../errors.js';
import { isObject } from '../../adaptors/shared/json.js';
import { authenticateKey } from '../../steps/authenticate-caller.js';
import { publicOrigin } from '../task-dto.js';
import { callMj, seedTimeoutMs } from './upstream.js';
import { taskObject } from './wire.js';

/** Most ids one `list-by-condition` may ask about. */
const maxListIds = 500;

/** GET `/mj/task/:id/fetch`: one of the caller's drawings by public id (404 otherwise). */
export async function fetchDrawing(
  ctx: AppContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
): Promise<void> {
  const who = await authenticateKey(ctx, req, 'openai');
  const { id } = req.params;
  const row = await findDrawing(ctx.db, id, who.caller.userId);
  if (!row) throw new AppError('task_not_found', { id: id.slice(0, 32) }, 404);
  await reply.send(taskObject(ctx, row, publicOrigin(ctx, req), who.caller.token));
}

/**
 * POST `/mj/task/list-by-condition {"ids": […]}`: the caller's drawings among the public
 * ids, as a list (unknown and foreign ids are left out, as Midjourney-Proxy does).
 */
export async function listDrawingsByIds(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const who = await authenticateKey(ctx, req, 'openai');
  const ids = isObject(req.body) ? req.body.ids : undefined;
  if (!Array.isArray(ids) || ids.length > maxListIds) {
    throw new AppError('task_field_invalid', {
      field: 'ids',
      detail: `a list of at most ${maxListIds} ids`,
    });
  }
  const wanted = ids
    .map((id: unknown) => (typeof id === 'number' ? String(id) : id))
    .filter((id): id is string => typeof id === 'string' && id !== '' && id.length <= 32);
  const rows = await findDrawings(ctx.db, [...new Set(wanted)], who.caller.userId);
  const origin = publicOrigin(ctx, req);
  await reply.send(rows.map((row) => taskObject(ctx, row, origin, who.caller.token)));
}

/**
 * GET `/mj/task/:id/image-seed`: asked of the caller's drawing's channel with the upstream's
 * id; the upstream's answer is passed through (its 5xx as 502).
 */
export async function imageSeed(
  ctx: AppContext,
  req: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
): Promise<void> {
  const who = await authenticateKey(ctx, req, 'openai');
  const { id } = req.params;
  const row = await findDrawing(ctx.db, id, who.caller.userId);
  if (!row || row.upstream_id === '') {
    throw new AppError('task_not_found', { id: id.slice(0, 32) }, 404);
  }
  const channel = ctx.channels.get(row.channel_id);
  if (!channel) throw new AppError('task_channel_disabled', { id }, 403);
  const answer = await callMj(
    channel,
    'GET',
    `/mj/task/${encodeURIComponent(row.upstream_id)}/image-seed`,
    undefined,
    seedTimeoutMs,
  ).catch(() => null);
  if (!answer) throw new AppError('upstream_unreachable', undefined, 502);
  if (answer.status === 401 || answer.status === 403) {
    throw new AppError('upstream_auth_failed', undefined, 502);
  }
  if (answer.status >= 500 || answer.json === undefined) {
    throw new AppError('upstream_bad_response', undefined, 502);
  }
  await reply.code(answer.status).send(answer.json);
}
