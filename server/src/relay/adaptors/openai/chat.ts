import { normalizeOpenAIUsage } from '../../../billing/usage.js';
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
import { createOpenAIPassthroughTranslator } from './passthrough-stream.js';

/**
 * The upstream chat completions body for a client request of any format. When the upstream
 * supports `stream_options`, streams ask for the usage chunk (keeping the client's other
 * options); when it does not, the field is removed so the upstream does not reject it.
 */
export function buildOpenAIChatBody(input: BuildRequestInput, streamOptions: boolean): string {
  const body = toOpenAIRequest(input.format, input.body, input.model, input.stream);
  if (!streamOptions) delete body.stream_options;
  else if (input.stream) {
    const options = isObject(body.stream_options) ? body.stream_options : {};
    body.stream_options = { ...options, include_usage: true };
  }
  return JSON.stringify(body);
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

/** The stream translator of an OpenAI-compatible chat stream for a client of any format. */
export function createOpenAIChatStreamTranslator(
  format: ClientFormat,
  ctx: StreamContext,
): StreamTranslator {
  if (format === 'openai') return createOpenAIPassthroughTranslator('chat', ctx);
  return createConvertingTranslator(createOpenAIChunkReader, format, ctx);
}
