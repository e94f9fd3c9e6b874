import type {
  OpenAIChatChunk,
  OpenAIDelta,
  OpenAIFinishReason,
  OpenAIUsage,
} from '../openai/types.js';
import type { StreamContext } from '../adaptor.js';
import { newId, nowSeconds } from '../shared/ids.js';

/** An OpenAI chunk with one choice carrying `delta`, as converted streams emit them. */
export function deltaChunk(
  id: string,
  model: string,
  delta: OpenAIDelta,
  finish: OpenAIFinishReason | null,
): OpenAIChatChunk {
  const choices = [{ index: 0, delta, finish_reason: finish }];
  return { id, object: 'chat.completion.chunk', created: nowSeconds(), model, choices };
}

/** The usage-only OpenAI chunk that ends a stream (`choices` empty). */
export function usageChunk(id: string, model: string, usage: OpenAIUsage): OpenAIChatChunk {
  return { id, object: 'chat.completion.chunk', created: nowSeconds(), model, choices: [], usage };
}

/**
 * The usage chunk of local counts, for a client that asked for usage when the upstream sent
 * none: the stream's id (a new one when it had none) and `completion` counted tokens.
 */
export function countedUsageChunk(
  id: string,
  ctx: StreamContext,
  completion: number,
): OpenAIChatChunk {
  return usageChunk(id || newId('chatcmpl-'), ctx.model, {
    prompt_tokens: ctx.promptTokens,
    completion_tokens: completion,
    total_tokens: ctx.promptTokens + completion,
  });
}
