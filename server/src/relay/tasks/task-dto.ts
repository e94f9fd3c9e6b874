import type { FastifyReply, FastifyRequest } from 'fastify';
import { serverAddress } from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import type { TaskRow } from '../../db/queries/tasks.js';
import { AppError, toAppError } from '../../errors.js';
import { clientMessage, markRetryAfter } from '../relay-errors.js';
import { randomAlphanumeric } from '../../lib/random.js';

/** A public task id: `task_` and 32 random characters, never the upstream's. */
export const newTaskId = (): string => `task_${randomAlphanumeric(32)}`;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A music or video task as new-api's `TaskDto` describes it (never its upstream id). */
export function taskDto(row: TaskRow): Record<string, unknown> {
  return {
    id: row.id,
    task_id: row.task_id,
    platform: row.platform,
    user_id: row.user_id,
    group: row.group,
    action: row.action,
    model: row.model_name,
    status: row.status || 'NOT_START',
    fail_reason: row.fail_reason,
    ...(row.result_url ? { result_url: row.result_url } : {}),
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    quota: Number(row.quota),
    properties: parseJson(row.properties) ?? {},
    data: parseJson(row.data),
    created_at: Number(row.submit_time),
    updated_at: Number(row.updated_at),
  };
}

/** A gateway error in the `{code, message, data: null}` envelope (Suno, unified video). */
export function sendEnvelopeError(error: unknown, req: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  const status = appError.status === 200 ? 400 : appError.status;
  if (status >= 500 && !(error instanceof AppError))
    req.log.error({ err: error }, 'task request failed');
  markRetryAfter(error, reply);
  void reply
    .code(status)
    .send({ code: appError.id, message: clientMessage(appError, req), data: null });
}

/** The gateway's own address for links it hands out: `ServerAddress`, else the request's. */
export function publicOrigin(ctx: AppContext, req: FastifyRequest): string {
  const configured = ctx.settings.get(serverAddress).replace(/\/+$/, '');
  return configured || `${req.protocol}://${req.host}`;
}
