import { newId, nowSeconds } from '../shared/ids.js';
import type {
  OpenAIChatCompletion,
  OpenAIFinishReason,
  OpenAIToolCall,
  OpenAIUsage,
} from '../openai/types.js';
import type { GeminiPart, GeminiResponse, GeminiUsageMetadata } from './types.js';

const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'LANGUAGE',
]);

/** Maps a Gemini finishReason (undefined while streaming) to an OpenAI finish_reason. */
export function geminiFinishToOpenAI(
  reason: string | undefined,
  hasToolCalls: boolean,
): OpenAIFinishReason | null {
  if (reason === undefined) return null;
  if (reason === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(reason)) return 'content_filter';
  return hasToolCalls ? 'tool_calls' : 'stop';
}

/** Gemini usage in OpenAI terms: completion tokens include the thoughts tokens. */
export function geminiUsageToOpenAI(u: GeminiUsageMetadata): OpenAIUsage {
  const prompt = (u.promptTokenCount ?? 0) + (u.toolUsePromptTokenCount ?? 0);
  const thoughts = u.thoughtsTokenCount ?? 0;
  const completion = (u.candidatesTokenCount ?? 0) + thoughts;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: u.cachedContentTokenCount ?? 0 },
    completion_tokens_details: { reasoning_tokens: thoughts },
  };
}

/** A Gemini functionCall part as an OpenAI tool call (Gemini ids are optional). */
export function geminiToolCall(call: NonNullable<GeminiPart['functionCall']>): OpenAIToolCall {
  return {
    id: call.id ?? newId('call_'),
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
  };
}

/** Converts a Gemini generateContent answer into an OpenAI chat completion. */
export function geminiResponseToOpenAI(resp: GeminiResponse, model: string): OpenAIChatCompletion {
  const candidates = resp.candidates ?? [];
  const choices: OpenAIChatCompletion['choices'] = candidates.map((c, i) => {
    let text = '';
    let reasoning = '';
    const toolCalls: OpenAIToolCall[] = [];
    for (const p of c.content?.parts ?? []) {
      if (p.functionCall) toolCalls.push(geminiToolCall(p.functionCall));
      else if (p.text !== undefined && p.thought) reasoning += p.text;
      else if (p.text !== undefined) text += p.text;
    }
    return {
      index: c.index ?? i,
      message: {
        role: 'assistant',
        content: text === '' && toolCalls.length > 0 ? null : text,
        ...(reasoning && { reasoning_content: reasoning }),
        ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
      },
      finish_reason: geminiFinishToOpenAI(c.finishReason ?? 'STOP', toolCalls.length > 0),
    };
  });
  if (choices.length === 0) {
    // The prompt itself was blocked (promptFeedback.blockReason): an empty filtered answer.
    choices.push({
      index: 0,
      message: { role: 'assistant', content: '' },
      finish_reason: resp.promptFeedback?.blockReason ? 'content_filter' : 'stop',
    });
  }
  return {
    id: resp.responseId ?? newId('chatcmpl-'),
    object: 'chat.completion',
    created: nowSeconds(),
    model,
    choices,
    ...(resp.usageMetadata && { usage: geminiUsageToOpenAI(resp.usageMetadata) }),
  };
}
