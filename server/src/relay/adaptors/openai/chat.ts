import { normalizeOpenAIUsage, type Usage } from '../../../billing/usage.js';
import { topLevelValues } from '../../stream/json-scan.js';
import type {
  BuildRequestInput,
  ClientFormat,
  ParsedResponse,
  ResponseContext,
  StreamContext,
  StreamTranslator,
} from '../adaptor.js';
import { isObject } from '../shared/json.js';
import { createConvertingTranslator } from '../translate/converting-translator.js';
import { createOpenAIChunkReader } from '../translate/openai-chunk-reader.js';
import { asOpenAICompletion, fromOpenAIResponse, toOpenAIRequest } from '../translate/requests.js';
import { createOpenAIPassthroughTranslator, usageObject } from './passthrough-stream.js';

/**
 * The upstream chat completions body for a client request of any format. When the upstream
 * supports `stream_options`, streams ask for the usage chunk (keeping the client's other
 * options); when it does not, the field is removed so the upstream does not reject it.
 */
export function buildOpenAIChatBody(input: BuildRequestInput, streamOptions: boolean): string {
  const text = clientText(input, streamOptions);
  if (text !== undefined) return text;
  const body = toOpenAIRequest(input.format, input.body, input.model, input.stream);
  if (!streamOptions) delete body.stream_options;
  else if (input.stream) {
    const options = isObject(body.stream_options) ? body.stream_options : {};
    body.stream_options = { ...options, include_usage: true };
  }
  return JSON.stringify(body);
}

/** The top-level keys of a client body that decide what the upstream is asked. */
const requestKeys = ['model', 'stream', 'stream_options'];

/**
 * An OpenAI client's JSON as the upstream body, when it may go as the client sent it: the
 * model is not mapped and the stream options need no change, or only the usage chunk must be
 * asked for (a stream without `stream_options`: the option is written in front of the rest).
 * Writing the body again costs about as much as parsing it did, for long conversations. A
 * text that gives the model or the stream flags more than once (a duplicate key, which
 * parsers resolve differently), or holds `\u` escapes (which could spell such a key another
 * way), is written again from what the gateway read (undefined here), so that the upstream
 * answers the request that is billed. The keys are found in one walk over the text that
 * passes over its strings, whatever the length of the conversation.
 */
function clientText(input: BuildRequestInput, streamOptions: boolean): string | undefined {
  const { text } = input;
  if (input.format !== 'openai' || text === undefined || !isObject(input.body)) return undefined;
  const { model, stream_options: options } = input.body;
  if (model !== input.model || text.includes('\\u')) return undefined;
  const at = topLevelValues(text, requestKeys);
  // The model given once at the top level, and the stream flags at most once.
  if (
    at === null ||
    (at.get('model') ?? -1) === -1 ||
    at.get('stream') === -1 ||
    at.get('stream_options') === -1 ||
    (options !== undefined && occurrences(text, '"include_usage"') > 1)
  ) {
    return undefined;
  }
  if (!streamOptions) return options === undefined ? text : undefined;
  if (!input.stream || (isObject(options) && options.include_usage === true)) return text;
  if (options !== undefined) return undefined;
  // The text is a JSON object: its first brace opens it.
  const open = text.indexOf('{') + 1;
  return `${text.slice(0, open)}"stream_options":{"include_usage":true},${text.slice(open)}`;
}

/** Translates a non-stream chat completion into the client's format, with its usage. */
export function parseOpenAIChatResponse(
  format: ClientFormat,
  upstream: unknown,
  ctx: ResponseContext,
): ParsedResponse {
  const completion = asOpenAICompletion(upstream);
  const usage = normalizeOpenAIUsage(completion.usage);
  if (format === 'openai') return { body: upstream, unchanged: true, usage };
  return { body: fromOpenAIResponse(format, completion, ctx.model), unchanged: false, usage };
}

/** How often `name` occurs in `text`. */
function occurrences(text: string, name: string): number {
  let count = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) count++;
  return count;
}

/** The top-level keys a completion passed on untouched is checked for. */
const completionKeys = ['choices', 'usage', 'error'];

/**
 * The usage of a chat completion that reaches an OpenAI client as it came, read from its text
 * (its bytes as latin1: the object's keys and numbers read the same as decoded text): only its
 * usage object is parsed (an answer parsed whole was ~2 % of the relay's work per request, and
 * grows with the answer). Undefined unless the answer is plainly a completion: one object, a
 * `choices` array and a usage object at its top level, no `error`; it is then parsed whole by
 * `parseOpenAIChatResponse`, which refuses what is not a completion and counts an answer
 * without usage.
 */
export function passedOpenAIChatUsage(text: string): Usage | undefined {
  const at = topLevelValues(text, completionKeys);
  const usage = at?.get('usage') ?? -1;
  const choices = at?.get('choices') ?? -1;
  const error = at?.get('error');
  const completion =
    text.charCodeAt(choices) === 91 /* [ */ &&
    text.charCodeAt(usage) === 123 /* { */ &&
    (error === undefined || text.startsWith('null', error));
  return completion ? (usageObject(text, usage) ?? undefined) : undefined;
}

/** The stream translator of an OpenAI-compatible chat stream for a client of any format. */
export function createOpenAIChatStreamTranslator(
  format: ClientFormat,
  ctx: StreamContext,
): StreamTranslator {
  if (format === 'openai') return createOpenAIPassthroughTranslator('chat', ctx);
  return createConvertingTranslator(createOpenAIChunkReader, format, ctx);
}
