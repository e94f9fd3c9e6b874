import { normalizeGeminiUsage } from '../../../billing/usage.js';
import type { Adaptor, ChannelConfig } from '../adaptor.js';
import { badResponse } from '../errors/adaptor-error.js';
import { isObject } from '../shared/json.js';
import { joinUrl } from '../shared/url.js';
import { createConvertingTranslator } from '../translate/converting-translator.js';
import {
  asGeminiRequest,
  fromOpenAIResponse,
  throwIfErrorBody,
  toOpenAIRequest,
} from '../translate/requests.js';
import { openAIRequestToGemini } from './convert-openai-request.js';
import { geminiResponseToOpenAI } from './convert-response-to-openai.js';
import { createGeminiStreamReader } from './convert-stream-to-openai.js';
import { createGeminiPassthroughTranslator } from './passthrough-stream.js';
import type { GeminiResponse } from './types.js';

/** Default Gemini API origin. */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';
/** API version used when the channel's `other` column is empty. */
export const DEFAULT_GEMINI_VERSION = 'v1beta';

function base(channel: ChannelConfig): string {
  return joinUrl(channel.baseUrl || GEMINI_BASE_URL, `/${channel.other || DEFAULT_GEMINI_VERSION}`);
}

/** Gemini generateContent API (channel type 24). */
export const geminiAdaptor: Adaptor = {
  name: 'Gemini',
  defaultBaseUrl: GEMINI_BASE_URL,
  nativeFormat: 'gemini',
  models: { owner: 'google', pattern: /^(gemini-|gemma-|text-embedding-004)/ },
  buildRequest({ format, body, model, stream, channel }) {
    const request =
      format === 'gemini'
        ? asGeminiRequest(body)
        : openAIRequestToGemini(toOpenAIRequest(format, body, model, stream));
    const method = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
    return {
      method: 'POST',
      url: `${base(channel)}/models/${encodeURIComponent(model)}:${method}`,
      headers: { 'x-goog-api-key': channel.key, 'content-type': 'application/json' },
      body: JSON.stringify(request),
    };
  },
  parseResponse(format, upstream, ctx) {
    throwIfErrorBody(upstream);
    if (!isObject(upstream) || (!Array.isArray(upstream.candidates) && !upstream.promptFeedback)) {
      throw badResponse('upstream answer is not a Gemini response');
    }
    const usage = normalizeGeminiUsage(upstream.usageMetadata);
    if (format === 'gemini') return { body: upstream, unchanged: true, usage };
    const completion = geminiResponseToOpenAI(upstream as GeminiResponse, ctx.model);
    return { body: fromOpenAIResponse(format, completion, ctx.model), unchanged: false, usage };
  },
  createStreamTranslator(format, ctx) {
    if (format === 'gemini') return createGeminiPassthroughTranslator();
    return createConvertingTranslator(createGeminiStreamReader, format, ctx);
  },
  listModels: {
    request: (channel) => ({
      method: 'GET',
      url: `${base(channel)}/models?pageSize=1000`,
      headers: { 'x-goog-api-key': channel.key },
    }),
    parse(json) {
      const models = isObject(json) && Array.isArray(json.models) ? json.models : [];
      return models.flatMap((m) =>
        isObject(m) && typeof m.name === 'string' ? [m.name.replace(/^models\//, '')] : [],
      );
    },
  },
};
