import type { ClientFormat } from '../adaptor.js';
import type { AnthropicRequest } from '../anthropic/types.js';
import { badResponse } from '../errors/adaptor-error.js';
import { normalizeUpstreamError } from '../errors/upstream-error.js';
import { AdaptorError } from '../errors/adaptor-error.js';
import type { GeminiRequest } from '../gemini/types.js';
import { anthropicRequestToOpenAI } from '../openai/convert-anthropic-request.js';
import { geminiRequestToOpenAI } from '../openai/convert-gemini-request.js';
import { openAIResponseToAnthropic } from '../openai/convert-response-to-anthropic.js';
import { openAIResponseToGemini } from '../openai/convert-response-to-gemini.js';
import type { OpenAIChatCompletion, OpenAIChatRequest } from '../openai/types.js';
import { asWire, isObject } from '../shared/json.js';

/** Narrows a client body of the given format to its wire type. */
export function asAnthropicRequest(body: unknown): AnthropicRequest {
  return asWire<AnthropicRequest>(body, 'messages', 'Anthropic Messages request');
}

/** Narrows a Gemini client body to its wire type. */
export function asGeminiRequest(body: unknown): GeminiRequest {
  return asWire<GeminiRequest>(body, 'contents', 'Gemini generateContent request');
}

/** Narrows an OpenAI client body to its wire type. */
export function asOpenAIRequest(body: unknown): OpenAIChatRequest {
  return asWire<OpenAIChatRequest>(body, 'messages', 'chat completions request');
}

/** A client request of any format as an OpenAI chat request for `model` (the pivot). */
export function toOpenAIRequest(
  format: ClientFormat,
  body: unknown,
  model: string,
  stream: boolean,
): OpenAIChatRequest {
  if (format === 'anthropic')
    return anthropicRequestToOpenAI(asAnthropicRequest(body), model, stream);
  if (format === 'gemini') return geminiRequestToOpenAI(asGeminiRequest(body), model, stream);
  return { ...asOpenAIRequest(body), model };
}

/** An OpenAI chat completion in the client's format. */
export function fromOpenAIResponse(
  format: ClientFormat,
  completion: OpenAIChatCompletion,
  model: string,
): unknown {
  if (format === 'anthropic') return openAIResponseToAnthropic(completion, model);
  if (format === 'gemini') return openAIResponseToGemini(completion, model);
  return completion;
}

/** Throws the upstream's error when a 2xx answer carries one (some upstreams do that). */
export function throwIfErrorBody(json: unknown): void {
  if (isObject(json) && json.error !== undefined && json.error !== null) {
    throw new AdaptorError(normalizeUpstreamError(502, json));
  }
}

/** Narrows an upstream answer to a chat completion, or throws `bad_response_body`. */
export function asOpenAICompletion(json: unknown): OpenAIChatCompletion {
  throwIfErrorBody(json);
  if (!isObject(json) || !Array.isArray(json.choices)) {
    throw badResponse('upstream answer is not a chat completion');
  }
  return json as unknown as OpenAIChatCompletion;
}
