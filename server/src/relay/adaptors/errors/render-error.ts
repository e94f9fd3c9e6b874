import { sseData, sseEvent, sseGeminiData } from '../../stream/sse-format.js';
import type { ClientFormat } from '../adaptor.js';
import type { UpstreamError } from './upstream-error.js';

const ANTHROPIC_TYPES = new Set([
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'api_error',
  'overloaded_error',
]);

function anthropicType(err: UpstreamError): string {
  if (ANTHROPIC_TYPES.has(err.type)) return err.type;
  if (err.status === 529 || err.status === 503) return 'overloaded_error';
  if (err.status >= 500 || err.status < 400) return 'api_error';
  if (err.status === 429) return 'rate_limit_error';
  if (err.status === 401) return 'authentication_error';
  if (err.status === 403) return 'permission_error';
  if (err.status === 404) return 'not_found_error';
  return 'invalid_request_error';
}

const GEMINI_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

function geminiStatus(err: UpstreamError): string {
  if (typeof err.code === 'string' && /^[A-Z_]+$/.test(err.code)) return err.code;
  return GEMINI_STATUS[err.status] ?? (err.status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
}

/** The OpenAI error body `{"error":{"message","type","param","code"}}`. */
export function renderOpenAIError(err: UpstreamError): unknown {
  return { error: { message: err.message, type: err.type, param: null, code: err.code } };
}

/** The Anthropic error body `{"type":"error","error":{"type","message"}}`. */
export function renderAnthropicError(err: UpstreamError): unknown {
  return { type: 'error', error: { type: anthropicType(err), message: err.message } };
}

/** The Gemini error body `{"error":{"code","message","status"}}`. */
export function renderGeminiError(err: UpstreamError): unknown {
  return { error: { code: err.status, message: err.message, status: geminiStatus(err) } };
}

/** The error body in the client's own shape. */
export function renderError(format: ClientFormat, err: UpstreamError): unknown {
  if (format === 'anthropic') return renderAnthropicError(err);
  if (format === 'gemini') return renderGeminiError(err);
  return renderOpenAIError(err);
}

/** The error as one SSE event of the client's format, for errors after the stream started. */
export function renderStreamError(format: ClientFormat, err: UpstreamError): string {
  const body = JSON.stringify(renderError(format, err));
  if (format === 'anthropic') return sseEvent('error', body);
  if (format === 'gemini') return sseGeminiData(body);
  return sseData(body);
}
