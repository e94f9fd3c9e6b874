import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { findDrawing } from '../../../db/queries/tasks.js';
import { AppError } from '../../../errors.js';
import type { KeyCaller } from '../../steps/authenticate-caller.js';
import { publicOrigin } from '../task-dto.js';
import type { MjOutcome } from './outcome.js';
import { clientProperties } from './wire.js';

/** What the client is told about a submit, in Midjourney-Proxy's shape. */

/** The answer to an accepted submit: our public id (an upload's URLs), in MJ's shape. */
export async function acceptedAnswer(
  ctx: AppContext,
  req: FastifyRequest,
  who: KeyCaller,
  outcome: MjOutcome,
  mjId: string,
): Promise<Record<string, unknown>> {
  const answer = outcome.answer;
  const code = answer?.code ?? 1;
  if (Array.isArray(answer?.result)) {
    return {
      code: 1,
      description: answer.description || 'Success',
      result: answer.result,
      properties: {},
    };
  }
  const waiting = outcome.accepted && outcome.changes?.status === 'MODAL';
  const exists = code === 21 && !waiting;
  const row = exists ? await findDrawing(ctx.db, mjId) : undefined;
  const properties = answer?.properties ?? {};
  return {
    // 22 (queued) is a submitted task to the client, as new-api answers it.
    code: waiting || exists ? 21 : 1,
    description: answer?.description || (code === 22 ? 'Queued' : 'Submitted'),
    result: mjId,
    properties: clientProperties(ctx, row, properties, publicOrigin(ctx, req), who.caller.token),
  };
}

/**
 * The answer to a refused submit: the upstream's own refusal (code 3, 4, 9, 23, 24 …) passed
 * through without any task id; an upstream that could not be used as a gateway error.
 */
export function refusalAnswer(
  ctx: AppContext,
  req: FastifyRequest,
  who: KeyCaller,
  outcome: Extract<MjOutcome, { accepted: false }>,
) {
  const answer = outcome.answer;
  if (answer) {
    const status =
      outcome.upstreamStatus >= 400 && outcome.upstreamStatus < 500 ? outcome.upstreamStatus : 200;
    return {
      status,
      body: {
        code: answer.code,
        description: answer.description || outcome.reason,
        result: null,
        properties: clientProperties(
          ctx,
          undefined,
          answer.properties,
          publicOrigin(ctx, req),
          who.caller.token,
        ),
      },
    };
  }
  if (outcome.upstreamStatus === 401 || outcome.upstreamStatus === 403) {
    throw new AppError('upstream_auth_failed', undefined, 502);
  }
  if (outcome.upstreamStatus === 429) {
    throw new AppError('task_upstream_refused', { reason: 'the upstream is saturated' }, 429);
  }
  if (outcome.upstreamStatus >= 500) {
    throw new AppError('task_upstream_refused', { reason: `HTTP ${outcome.upstreamStatus}` }, 502);
  }
  // An answer that was not one (no code, or "accepted" without a task id).
  if (outcome.upstreamStatus > 0) throw new AppError('upstream_bad_response', undefined, 502);
  throw new AppError('upstream_unreachable', undefined, 502);
}
