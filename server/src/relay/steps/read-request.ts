import { countTextTokens, estimatePromptTokens } from '../../billing/tokenizer.js';
import { AppError, invalidRequest } from '../../errors.js';
import type { ForwardEndpoint } from '../adaptors/adaptor.js';
import { isObject, type JsonObject } from '../adaptors/shared/json.js';
import { forwardedEndpoint, type RelayContext } from '../relay-context.js';
import { multipartField } from '../upstream/multipart.js';
import { checkChatShape } from './check-chat-shape.js';
import { quickPromptTokens } from './prompt-estimate.js';

/** Models OpenAI assumes when a request names none (contract 1.12). */
const defaultModels: Partial<Record<ForwardEndpoint, string>> = {
  'images/generations': 'dall-e-2',
  'images/edits': 'dall-e-2',
  'audio/speech': 'tts-1',
  'audio/transcriptions': 'whisper-1',
  'audio/translations': 'whisper-1',
  moderations: 'text-moderation-stable',
};

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** The text inside any JSON value (strings, arrays of strings, `text`/`content` parts). */
function textTokens(value: unknown): number {
  if (typeof value === 'string') return countTextTokens(value);
  if (typeof value === 'number') return 1;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + textTokens(item), 0);
  if (!isObject(value)) return 0;
  if (typeof value.text === 'string') return countTextTokens(value.text);
  return textTokens(value.content);
}

/** No model answers with more tokens than this: a larger cap holds no more quota. */
const largestAnswer = 10_000_000;

function maxTokensOf(rc: RelayContext, body: JsonObject): number {
  const cap =
    rc.format === 'gemini'
      ? isObject(body.generationConfig)
        ? num(body.generationConfig.maxOutputTokens)
        : 0
      : num(body.max_completion_tokens) || num(body.max_tokens) || num(body.max_output_tokens);
  return Math.min(Math.max(0, cap), largestAnswer);
}

/**
 * The prompt tokens of a request counted with the tokenizer, for usage the upstream did not
 * report (off the hot path: only when settling such a request).
 */
export function precisePromptTokens(rc: RelayContext): number {
  const body = 'json' in rc.request.body ? rc.request.body.json : undefined;
  if (!isObject(body)) return rc.request.promptTokens;
  switch (rc.endpoint) {
    case 'chat':
      return estimatePromptTokens(rc.format, body);
    case 'completions':
      return estimatePromptTokens('openai', { prompt: body.prompt });
    case 'embeddings':
    case 'moderations':
      return textTokens(body.input);
    case 'rerank':
      return textTokens(body.query) + textTokens(body.documents);
    case 'responses':
      return textTokens(body.instructions) + textTokens(body.input);
    case 'audio/speech':
      return rc.request.promptTokens;
    case 'images/generations':
    case 'images/edits':
      return textTokens(body.prompt);
    default:
      return 0;
  }
}

/**
 * Reads the client request once: model, streaming, the answer cap, a local prompt estimate
 * and the number of calls it is priced as. Sets `rc.request`.
 */
export function readRequest(rc: RelayContext): void {
  // A bodiless POST is an empty body (then refused for what it lacks).
  const raw = rc.req.body ?? {};
  if (Buffer.isBuffer(raw)) {
    const contentType = String(rc.req.headers['content-type'] ?? '');
    const model =
      multipartField(raw, contentType, 'model') || defaultModels[rc.endpoint as ForwardEndpoint];
    if (!model) throw new AppError('model_required', undefined, 400);
    rc.request = {
      model,
      stream: false,
      includeUsage: false,
      body: { raw, contentType },
      maxTokens: 0,
      promptTokens: 0,
      calls: 1,
    };
    return;
  }
  if (!isObject(raw)) throw invalidRequest('the request body must be a JSON object');
  if (rc.endpoint === 'chat') checkChatShape(rc.format, raw);
  const named = rc.route.model ?? raw.model;
  const model =
    typeof named === 'string' && named !== ''
      ? named
      : rc.endpoint !== 'chat'
        ? defaultModels[forwardedEndpoint(rc)]
        : undefined;
  if (!model) throw new AppError('model_required', undefined, 400);
  const streamOptions = isObject(raw.stream_options) ? raw.stream_options : {};
  const images = rc.endpoint === 'images/generations' || rc.endpoint === 'images/edits';
  rc.request = {
    model,
    stream: rc.route.stream ?? raw.stream === true,
    includeUsage: streamOptions.include_usage === true,
    body: { json: raw, text: rc.req.jsonText || undefined },
    maxTokens: maxTokensOf(rc, raw),
    // Speech is priced per input character; everything else gets the fast estimate here.
    promptTokens:
      rc.endpoint === 'audio/speech'
        ? typeof raw.input === 'string'
          ? raw.input.length
          : 0
        : quickPromptTokens(raw),
    calls: images ? Math.max(1, Math.floor(num(raw.n)) || 1) : 1,
  };
}
