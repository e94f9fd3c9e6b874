import { normalizeAnthropicUsage } from '../../../billing/usage.js';
import type { Adaptor, ChannelConfig } from '../adaptor.js';
import { badResponse } from '../errors/adaptor-error.js';
import { parseOpenAIModelList } from '../openai/adaptor.js';
import { isObject } from '../shared/json.js';
import { joinUrl } from '../shared/url.js';
import { createConvertingTranslator } from '../translate/converting-translator.js';
import {
  asAnthropicRequest,
  fromOpenAIResponse,
  throwIfErrorBody,
  toOpenAIRequest,
} from '../translate/requests.js';
import { openAIRequestToAnthropic } from './convert-openai-request.js';
import { anthropicResponseToOpenAI } from './convert-response-to-openai.js';
import { createAnthropicStreamReader } from './convert-stream-to-openai.js';
import { createAnthropicPassthroughTranslator } from './passthrough-stream.js';
import type { AnthropicMessageResponse, AnthropicRequest } from './types.js';

/** Default Anthropic API origin. */
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
/** The API version header value. */
export const ANTHROPIC_VERSION = '2023-06-01';

function headers(channel: ChannelConfig, beta?: string): Record<string, string> {
  const h: Record<string, string> = {
    'x-api-key': channel.key,
    'anthropic-version': ANTHROPIC_VERSION,
  };
  if (beta) h['anthropic-beta'] = beta;
  return h;
}

/** Anthropic Messages API (channel type 14). */
export const anthropicAdaptor: Adaptor = {
  name: 'Anthropic',
  defaultBaseUrl: ANTHROPIC_BASE_URL,
  nativeFormat: 'anthropic',
  models: { owner: 'anthropic', pattern: /^claude-/ },
  buildRequest({ format, body, model, stream, channel, clientHeaders }) {
    let request: AnthropicRequest;
    if (format === 'anthropic') request = { ...asAnthropicRequest(body), model };
    else
      request = openAIRequestToAnthropic(
        toOpenAIRequest(format, body, model, stream),
        model,
        stream,
      );
    return {
      method: 'POST',
      url: joinUrl(channel.baseUrl || ANTHROPIC_BASE_URL, '/v1/messages'),
      headers: {
        ...headers(channel, clientHeaders?.['anthropic-beta']),
        'content-type': 'application/json',
      },
      body: JSON.stringify(request),
    };
  },
  parseResponse(format, upstream, ctx) {
    throwIfErrorBody(upstream);
    if (!isObject(upstream) || upstream.type !== 'message' || !Array.isArray(upstream.content)) {
      throw badResponse('upstream answer is not an Anthropic message');
    }
    const usage = normalizeAnthropicUsage(upstream.usage);
    if (format === 'anthropic') return { body: upstream, unchanged: true, usage };
    const completion = anthropicResponseToOpenAI(
      upstream as unknown as AnthropicMessageResponse,
      ctx.model,
    );
    return { body: fromOpenAIResponse(format, completion, ctx.model), unchanged: false, usage };
  },
  createStreamTranslator(format, ctx) {
    if (format === 'anthropic') return createAnthropicPassthroughTranslator();
    return createConvertingTranslator(createAnthropicStreamReader, format, ctx);
  },
  listModels: {
    request: (channel) => ({
      method: 'GET',
      url: joinUrl(channel.baseUrl || ANTHROPIC_BASE_URL, '/v1/models?limit=1000'),
      headers: headers(channel),
    }),
    parse: parseOpenAIModelList,
  },
};
