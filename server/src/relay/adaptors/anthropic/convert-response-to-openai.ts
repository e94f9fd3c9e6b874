import { nowSeconds } from '../shared/ids.js';
import type {
  OpenAIChatCompletion,
  OpenAIFinishReason,
  OpenAIToolCall,
  OpenAIUsage,
} from '../openai/types.js';
import type { AnthropicMessageResponse, AnthropicStopReason, AnthropicUsage } from './types.js';

/** Maps an Anthropic stop_reason to an OpenAI finish_reason. */
export function anthropicStopToOpenAI(reason: AnthropicStopReason | null): OpenAIFinishReason {
  switch (reason) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return 'stop';
  }
}

/**
 * Anthropic usage in OpenAI terms: prompt_tokens include cache reads and writes (Anthropic's
 * input_tokens exclude both), cached_tokens are the cache reads.
 */
export function anthropicUsageToOpenAI(u: Partial<AnthropicUsage>): OpenAIUsage {
  const cached = u.cache_read_input_tokens ?? 0;
  const prompt = (u.input_tokens ?? 0) + cached + (u.cache_creation_input_tokens ?? 0);
  const completion = u.output_tokens ?? 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    prompt_tokens_details: { cached_tokens: cached },
  };
}

/** Converts an Anthropic Messages answer into an OpenAI chat completion. */
export function anthropicResponseToOpenAI(
  msg: AnthropicMessageResponse,
  model: string,
): OpenAIChatCompletion {
  let text = '';
  let reasoning = '';
  const toolCalls: OpenAIToolCall[] = [];
  for (const block of msg.content) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'thinking') reasoning += block.thinking;
    else if (block.type === 'tool_use') {
      toolCalls.push({
        id: block.id,
        type: 'function',
        function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) },
      });
    }
  }
  return {
    id: msg.id,
    object: 'chat.completion',
    created: nowSeconds(),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text === '' && toolCalls.length > 0 ? null : text,
          ...(reasoning && { reasoning_content: reasoning }),
          ...(toolCalls.length > 0 && { tool_calls: toolCalls }),
        },
        finish_reason: anthropicStopToOpenAI(msg.stop_reason),
      },
    ],
    usage: anthropicUsageToOpenAI(msg.usage),
  };
}
