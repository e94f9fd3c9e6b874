import type { UpstreamError } from './upstream-error.js';

/**
 * A request an adaptor cannot translate (400, not retried) or an upstream answer it cannot
 * read (502 `bad_response_body`); the relay renders `error` in the client's format.
 */
export class AdaptorError extends Error {
  /** The error to render in the client's format. */
  readonly error: UpstreamError;

  constructor(error: UpstreamError) {
    super(error.message);
    this.name = 'AdaptorError';
    this.error = error;
  }
}

/** A client request that cannot be translated for this upstream. */
export function invalidRequest(message: string): AdaptorError {
  return new AdaptorError({ status: 400, message, type: 'invalid_request_error', code: null });
}

/** An upstream answer with a 2xx status that is not the expected shape. */
export function badResponse(message: string): AdaptorError {
  return new AdaptorError({
    status: 502,
    message,
    type: 'upstream_error',
    code: 'bad_response_body',
  });
}
