import { newId } from '../shared/ids.js';
import { parseArguments } from '../shared/json.js';
import type { AnthropicContentBlock, AnthropicMessageResponse } from '../anthropic/types.js';
import { openAIFinishToAnthropic, openAIUsageToAnthropic } from './convert-stream-to-anthropic.js';
import type { OpenAIChatCompletion } from './types.js';

/** Converts an OpenAI chat completion into an Anthropic Messages answer (first choice). */
export function openAIResponseToAnthropic(
  completion: OpenAIChatCompletion,
  model: string,
): AnthropicMessageResponse {
  const choice = completion.choices[0];
  const message = choice?.message;
  const content: AnthropicContentBlock[] = [];
  if (message?.reasoning_content) {
    content.push({ type: 'thinking', thinking: message.reasoning_content, signature: '' });
  }
  if (message?.content) content.push({ type: 'text', text: message.content });
  for (const call of message?.tool_calls ?? []) {
    content.push({
      type: 'tool_use',
      id: call.id,
      name: call.function.name,
      input: parseArguments(call.function.arguments),
    });
  }
  const usage = completion.usage
    ? openAIUsageToAnthropic(completion.usage)
    : { input_tokens: 0, output_tokens: 0 };
  return {
    id: completion.id?.startsWith('msg_') ? completion.id : newId('msg_'),
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: openAIFinishToAnthropic(choice?.finish_reason ?? null),
    stop_sequence: null,
    usage,
  };
}
