import { en, type MessageId } from '@gateway/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors.js';
import { requestLanguage } from './language.js';

/** Whether a path belongs to the management API (envelope errors) rather than the relay. */
export const isManagementPath = (url: string) => url.startsWith('/api/') || url === '/api';

/** Turns anything thrown into an AppError: validation, body parsing, or unexpected. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    if (issue.message in en) return new AppError(issue.message as MessageId);
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return new AppError('invalid_request', { detail: where + issue.message });
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.statusCode === 413) return new AppError('request_too_large', undefined, 413);
  if (fastifyError.statusCode === 429) return new AppError('too_many_requests', undefined, 429);
  if (fastifyError.statusCode && fastifyError.statusCode < 500) {
    return new AppError('invalid_request', { detail: fastifyError.message ?? '' }, 400);
  }
  return new AppError('internal_error', undefined, 500);
}

/** The one exit for errors: the envelope on `/api`, OpenAI's error shape elsewhere. */
export function handleError(error: unknown, req: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  if (appError.status >= 500) req.log.error({ err: error }, 'request failed');
  const message = appError.localized(requestLanguage(req, req.authUser?.language));
  if (isManagementPath(req.url)) {
    void reply.status(appError.status).send({ success: false, message, code: appError.id });
    return;
  }
  void reply.status(appError.status === 200 ? 400 : appError.status).send({
    error: {
      message: `${message} (request id: ${req.id})`,
      type: appError.status >= 500 ? 'server_error' : 'invalid_request_error',
      param: null,
      code: appError.id,
    },
  });
}
