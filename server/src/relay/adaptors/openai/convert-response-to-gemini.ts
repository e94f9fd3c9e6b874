import { parseArguments } from '../shared/json.js';
import type { GeminiPart, GeminiResponse } from '../gemini/types.js';
import { openAIFinishToGemini, openAIUsageToGemini } from './convert-stream-to-gemini.js';
import type { OpenAIChatCompletion } from './types.js';

/** Converts an OpenAI chat completion into a Gemini generateContent answer (one candidate per choice). */
export function openAIResponseToGemini(
  completion: OpenAIChatCompletion,
  model: string,
): GeminiResponse {
  const candidates = completion.choices.map((choice) => {
    const m = choice.message;
    const parts: GeminiPart[] = [];
    if (m.reasoning_content) parts.push({ text: m.reasoning_content, thought: true });
    if (m.content) parts.push({ text: m.content });
    for (const call of m.tool_calls ?? []) {
      parts.push({
        functionCall: { name: call.function.name, args: parseArguments(call.function.arguments) },
      });
    }
    return {
      content: { role: 'model' as const, parts: parts.length > 0 ? parts : [{ text: '' }] },
      finishReason: openAIFinishToGemini(choice.finish_reason),
      index: choice.index,
    };
  });
  return {
    candidates,
    ...(completion.usage && { usageMetadata: openAIUsageToGemini(completion.usage) }),
    modelVersion: model,
    responseId: completion.id,
  };
}
