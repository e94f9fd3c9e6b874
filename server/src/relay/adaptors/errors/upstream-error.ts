/** An upstream error reduced to what the relay needs to retry, disable a channel, and answer. */
export interface UpstreamError {
  /** HTTP status of the upstream answer. */
  status: number;
  /** The upstream's human-readable message (what auto-disable keywords are matched against). */
  message: string;
  /** Error category, the upstream's own when it gave one, else derived from the status. */
  type: string;
  /** The upstream's code (`invalid_api_key`, `RESOURCE_EXHAUSTED`, ...), or null. */
  code: string | number | null;
}

const MAX_MESSAGE = 1000;

/** The OpenAI-style error type for an HTTP status, used when the upstream gave none. */
export function errorTypeForStatus(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'rate_limit_error';
  if (status >= 400 && status < 500) return 'invalid_request_error';
  return 'upstream_error';
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

function parseMaybeJson(body: unknown): unknown {
  const raw = Buffer.isBuffer(body) ? body.toString('utf8') : body;
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Pulls message/type/code out of the known JSON error shapes (OpenAI, Anthropic, Gemini, misc). */
function fromJson(json: Obj): Partial<UpstreamError> {
  const inner = json.error;
  if (typeof inner === 'string') return { message: inner };
  if (isObj(inner)) {
    // Gemini: {"error":{"code":400,"message":"...","status":"INVALID_ARGUMENT"}}
    if (typeof inner.code === 'number' && typeof inner.status === 'string') {
      return { message: text(inner.message), code: inner.status };
    }
    const code = inner.code;
    return {
      message: text(inner.message),
      type: text(inner.type),
      code: typeof code === 'string' || typeof code === 'number' ? code : null,
    };
  }
  return { message: text(json.message) ?? text(json.detail) ?? text(json.msg) };
}

/**
 * Normalizes an upstream error answer (status + body as text, bytes or parsed JSON) of any
 * format: OpenAI `{error:{message,type,code}}`, Anthropic `{type:"error",error:{type,message}}`,
 * Gemini `{error:{code,message,status}}` (also wrapped in an array), `{error:"..."}`, plain
 * text and HTML pages.
 */
export function normalizeUpstreamError(status: number, body: unknown): UpstreamError {
  let json = parseMaybeJson(body);
  if (Array.isArray(json) && json.length > 0) json = json[0] as unknown;
  let found: Partial<UpstreamError> = {};
  if (isObj(json)) found = fromJson(json);
  else if (typeof json === 'string' && !json.trimStart().startsWith('<')) {
    found = { message: text(json) };
  }
  const message = found.message ?? `upstream returned HTTP ${status}`;
  return {
    status,
    message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message,
    type: found.type ?? errorTypeForStatus(status),
    code: found.code ?? null,
  };
}
