import type {
  OpenAIChatChunk,
  OpenAIDelta,
  OpenAIFinishReason,
  OpenAIUsage,
} from '../openai/types.js';
import { nowSeconds } from '../shared/ids.js';

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
