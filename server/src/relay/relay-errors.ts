import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, toAppError } from '../errors.js';
import { requestLanguage } from '../lib/request-language.js';
import type { ClientFormat } from './adaptors/adaptor.js';
import { corsHeader } from './cors.js';
import { AdaptorError } from './adaptors/errors/adaptor-error.js';
import { renderError, renderStreamError } from './adaptors/errors/render-error.js';
import { errorTypeForStatus, type UpstreamError } from './adaptors/errors/upstream-error.js';
import { CapacityFull } from './steps/admission.js';
import { RateLimited } from './steps/authenticate-caller.js';

/**
 * An upstream attempt that failed: a non-2xx answer, no answer at all (`status` 0), or a 2xx
 * answer that broke before anything reached the client. `channelId` is the channel tried.
 */
export class UpstreamFailure extends Error {
  constructor(
    readonly error: UpstreamError,
    readonly channelId: number,
    /** Status the client sees, after the channel's status code mapping. */
    readonly clientStatus: number = error.status,
  ) {
    super(error.message);
    this.name = 'UpstreamFailure';
  }
}

/** The client went away before the answer was complete. */
export class ClientGone extends Error {
  constructor() {
    super('client disconnected');
    this.name = 'ClientGone';
  }
}

/**
 * What a refusal says to the client, in every API shape: a key's own rate-limit message when
 * it has one, else the error in the caller's language.
 */
export function clientMessage(error: AppError, req: FastifyRequest): string {
  const custom = error instanceof RateLimited ? error.customMessage : '';
  return custom || error.localized(requestLanguage(req));
}

/** Sets `Retry-After` on an answer to a full cap (every API shape has it). */
export function markRetryAfter(error: unknown, reply: FastifyReply): void {
  if (error instanceof CapacityFull) void reply.header('retry-after', String(error.retryAfter));
}

function fromAppError(error: AppError, req: FastifyRequest): UpstreamError {
  const status = error.status === 200 ? 400 : error.status;
  const message = clientMessage(error, req);
  const quota = error.id === 'insufficient_user_quota' || error.id === 'insufficient_token_quota';
  return {
    status,
    message: `${message} (request id: ${req.id})`,
    type: quota ? 'insufficient_quota' : errorTypeForStatus(status),
    code: error.id,
  };
}

function translated(
  req: FastifyRequest,
  id: 'upstream_unreachable' | 'upstream_auth_failed' | 'upstream_bad_response',
) {
  return fromAppError(new AppError(id, undefined, 502), req);
}

/** Any failure of a relay request as the error to show the client, with its status. */
export function toWireError(error: unknown, req: FastifyRequest): UpstreamError {
  if (error instanceof UpstreamFailure) {
    const status = error.error.status;
    // Network failures and the channel's own credential problems are not the caller's
    // business (the upstream text may even quote part of the channel key).
    if (status === 0) return translated(req, 'upstream_unreachable');
    if (status === 401 || status === 403) return translated(req, 'upstream_auth_failed');
    if (error.error.code === 'bad_response_body') return translated(req, 'upstream_bad_response');
    return { ...error.error, status: error.clientStatus };
  }
  if (error instanceof AdaptorError) return error.error;
  return fromAppError(toAppError(error), req);
}

/** Answers a relay request with an error in the client's own format. */
export function sendRelayError(
  format: ClientFormat,
  error: unknown,
  req: FastifyRequest,
  reply: FastifyReply,
): void {
  const wire = toWireError(error, req);
  if (wire.status >= 500 && !(error instanceof UpstreamFailure)) {
    req.log.error({ err: error }, 'relay request failed');
  }
  if (reply.sent || reply.raw.headersSent) {
    // The stream already started: end it with an error event in the client's format.
    if (!reply.raw.writableEnded) reply.raw.end(renderStreamError(format, wire));
    return;
  }
  markRetryAfter(error, reply);
  void reply
    .code(wire.status)
    .headers(corsHeader)
    .header('content-type', 'application/json')
    .send(renderError(format, wire));
}
