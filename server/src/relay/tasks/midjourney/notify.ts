import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { findDrawingsByUpstream } from '../../../db/queries/tasks.js';
import { applyTaskUpdate } from '../../../domain/tasks/apply-update.js';
import { AppError, forbidden } from '../../../errors.js';
import { isObject } from '../../adaptors/shared/json.js';
import { notifySignature } from './upstream.js';
import { toUpdate } from './wire.js';

/** Whether two strings are equal, compared in constant time. */
export const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * POST `/mj/notify/:channelId/:sig`: the upstream's callback with a task object. The
 * signature must be the channel's (403 otherwise); the drawing is found by channel and
 * upstream id (404 otherwise) and moved with the poller's own update, so a failure is still
 * refunded exactly once. A region edit and its modal step share an upstream id: both move.
 */
export async function notifyDrawing(
  ctx: AppContext,
  req: FastifyRequest<{ Params: { channelId: string; sig: string } }>,
  reply: FastifyReply,
): Promise<void> {
  const { channelId, sig } = req.params;
  const channel = /^\d{1,10}$/.test(channelId) ? ctx.channels.get(Number(channelId)) : null;
  if (!channel || !sameSecret(sig, notifySignature(channel))) {
    throw forbidden('task_notify_forbidden');
  }
  const task = req.body;
  if (!isObject(task) || typeof task.id !== 'string' || task.id === '') {
    throw new AppError('task_field_invalid', { field: 'id', detail: 'a task object is required' });
  }
  const rows = await findDrawingsByUpstream(ctx.db, channel.id, task.id);
  if (rows.length === 0) throw new AppError('task_notify_forbidden', undefined, 404);
  const update = toUpdate(task);
  for (const row of rows) {
    if (Number(row.finish_time) === 0) await applyTaskUpdate(ctx, 'midjourneys', row, update);
  }
  await reply.send({ code: 1, description: 'ok' });
}
