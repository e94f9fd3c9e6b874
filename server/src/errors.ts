import { en, translate, type MessageId } from '@gateway/shared';
import type { FastifyError } from 'fastify';
import { ZodError } from 'zod';

/**
 * A failure with a stable id. On `/api` it becomes the envelope `{success:false, message,
 * code}` with HTTP 200 unless `status` says otherwise (401/403/404/429); on the relay each
 * wire format renders it in its own error shape with `status`.
 */
export class AppError extends Error {
  constructor(
    readonly id: MessageId,
    readonly params?: Record<string, string | number>,
    /** HTTP status when the failure is not a plain business error. */
    readonly status = 200,
  ) {
    super(translate('en', id, params));
    this.name = 'AppError';
  }

  /** The message in the caller's language. */
  localized(language: string): string {
    return translate(language, this.id, this.params);
  }
}

/** Shorthands for the failures that carry an HTTP status. */
export const unauthorized = (id: MessageId = 'unauthorized') => new AppError(id, undefined, 401);
export const forbidden = (id: MessageId = 'forbidden', params?: Record<string, string | number>) =>
  new AppError(id, params, 403);
export const notFound = (id: MessageId = 'not_found') => new AppError(id, undefined, 404);
export const tooManyRequests = () => new AppError('too_many_requests', undefined, 429);
export const invalidRequest = (detail: string) => new AppError('invalid_request', { detail });

/** Turns anything thrown into an AppError: validation, body parsing, or unexpected. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    if (issue.message in en) return new AppError(issue.message as MessageId);
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return new AppError('invalid_request', { detail: where + issue.message });
  }
  if (isDataException(error)) {
    return new AppError('invalid_request', { detail: 'a value does not fit its field' });
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.statusCode === 413) return new AppError('request_too_large', undefined, 413);
  if (fastifyError.statusCode === 429) return new AppError('too_many_requests', undefined, 429);
  if (fastifyError.statusCode && fastifyError.statusCode < 500) {
    return new AppError('invalid_request', { detail: fastifyError.message ?? '' }, 400);
  }
  return new AppError('internal_error', undefined, 500);
}

/**
 * Whether the database refused a value of the statement (SQLSTATE class 22, "data exception":
 * a number out of its column's range, text too long for its column or not valid in its
 * encoding). Those values come from the request, so the failure is the client's: PostgreSQL's
 * errors carry the SQLSTATE as `code` (beside a `severity`), MySQL's as `sqlState`.
 */
function isDataException(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; severity?: unknown; sqlState?: unknown };
  const state = typeof e.sqlState === 'string' ? e.sqlState : e.severity ? e.code : undefined;
  return typeof state === 'string' && state.startsWith('22');
}
