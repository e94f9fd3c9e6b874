/** What every answer to a hostile request must (not) be. */

/** The error shapes the gateway answers in, one per wire protocol. */
export type ErrorShape =
  'envelope' | 'openai' | 'anthropic' | 'gemini' | 'midjourney' | 'suno' | 'kling';

/** An answer as the fuzz test sees it. */
export interface Answer {
  status: number;
  body: string;
  contentType: string;
}

/** Stack frames, source paths, dependency paths and raw database errors. */
const leakPatterns: Array<[string, RegExp]> = [
  ['a stack frame', /\n\s+at \S.*[(:]\d+/],
  ['a stack frame', /\bat (?:async )?\S+ \((?:node:|file:|\/)/],
  ['a source path', /\.[cm]?[tj]s:\d+/],
  ['a dependency path', /node_modules/],
  ['a checkout path', /\/work\/|\/server\/src\//],
  ['an Error with its stack', /\b\w*Error: [^"]*\\n\s+at /],
  [
    'a database error',
    /SqliteError|SQLITE_|ER_[A-Z_]{4,}|syntax error at or near|violates .* constraint|relation "\w+" does not exist|Data too long for column/,
  ],
];

/** Why an answer leaks internals, or `null`. */
export function leakIn(answer: Answer): string | null {
  for (const [what, pattern] of leakPatterns) {
    const found = pattern.exec(answer.body);
    if (found) {
      const at = Math.max(0, found.index - 60);
      return `${what}: …${answer.body.slice(at, found.index + 120)}…`;
    }
  }
  return null;
}

/**
 * Statuses of 500 and above the contract asks for: 501 for the OpenAI paths the gateway does
 * not serve, 503 when no channel serves the model asked for.
 */
export function deliberateServerStatus(answer: Answer): boolean {
  if (answer.status === 501) return /api_not_implemented|UNIMPLEMENTED/.test(answer.body);
  if (answer.status === 503) return /no_available_channel/.test(answer.body);
  return false;
}

const providerCallbacks = /^\/api\/(stripe\/webhook\/|user\/epay\/notify)/;

/** The error shape a request answers in, by its method and path. */
export function shapeFor(method: string, url: string): ErrorShape | undefined {
  const path = url.split('?')[0]!;
  // Payment providers' callbacks answer the provider in its own terms (`success`, `fail`).
  if (providerCallbacks.test(path)) return undefined;
  if (path === '/api' || path.startsWith('/api/')) return 'envelope';
  if (path === '/v1/messages') return 'anthropic';
  if (path.startsWith('/v1beta/openai/')) return 'openai';
  if (path.startsWith('/v1beta/')) return 'gemini';
  // `POST /v1/models/{model}:generateContent` is Gemini's API under the OpenAI prefix.
  if (method === 'POST' && path.startsWith('/v1/models/')) return 'gemini';
  if (/^\/mj(-\w+)?\//.test(path)) return 'midjourney';
  if (path.startsWith('/suno/')) return 'suno';
  if (path.startsWith('/kling/')) return 'kling';
  if (/^\/(v1|dashboard|pg)\//.test(path)) return 'openai';
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown) => typeof v === 'string' && v.length > 0;

/** Whether a parsed error body has the shape's required fields. */
function hasShape(shape: ErrorShape, body: unknown): boolean {
  if (!isRecord(body)) return false;
  const error = body.error;
  switch (shape) {
    case 'envelope':
      return body.success === false && typeof body.message === 'string';
    case 'openai':
      return isRecord(error) && isText(error.message) && isText(error.type);
    case 'anthropic':
      return (
        body.type === 'error' && isRecord(error) && isText(error.type) && isText(error.message)
      );
    case 'gemini':
      return (
        isRecord(error) &&
        typeof error.code === 'number' &&
        isText(error.message) &&
        isText(error.status)
      );
    case 'midjourney':
      return typeof body.code === 'number' && isText(body.description);
    case 'suno':
      return isText(body.code) && body.code !== 'success' && typeof body.message === 'string';
    case 'kling':
      return typeof body.code === 'number' && body.code !== 0 && isText(body.message);
  }
}

/**
 * Why a refusal is not in its protocol's error shape, or `null`. A refusal is any status of
 * 400 and above, and on `/api` also a 200 envelope with `success: false` (the contract's way).
 * Answers without a body (HEAD, 204) are not judged.
 */
export function shapeProblem(method: string, url: string, answer: Answer): string | null {
  const shape = shapeFor(method, url);
  if (!shape || answer.body === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    if (answer.status < 400) return null;
    return `${answer.status} is not JSON (${answer.contentType}): ${answer.body.slice(0, 120)}`;
  }
  const refused =
    answer.status >= 400 || (shape === 'envelope' && isRecord(parsed) && parsed.success === false);
  if (!refused || hasShape(shape, parsed)) return null;
  return `${answer.status} is not the ${shape} error shape: ${answer.body.slice(0, 160)}`;
}
