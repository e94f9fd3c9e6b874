import { renderStreamError } from '../errors/render-error.js';
import { parseArguments } from '../shared/json.js';
import { sseGeminiData } from '../../stream/sse-format.js';
import type { GeminiPart, GeminiResponse, GeminiUsageMetadata } from '../gemini/types.js';
import type { ClientStage, StageContext } from '../translate/stages.js';
import type { OpenAIFinishReason, OpenAIUsage } from './types.js';

/** Maps an OpenAI finish_reason to a Gemini finishReason. */
export function openAIFinishToGemini(reason: OpenAIFinishReason | null): string {
  if (reason === 'length') return 'MAX_TOKENS';
  if (reason === 'content_filter') return 'SAFETY';
  return 'STOP';
}

/** OpenAI usage as Gemini usageMetadata: candidates exclude the reasoning (thoughts) tokens. */
export function openAIUsageToGemini(u: OpenAIUsage): GeminiUsageMetadata {
  const thoughts = u.completion_tokens_details?.reasoning_tokens ?? 0;
  const cached = u.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    promptTokenCount: u.prompt_tokens,
    candidatesTokenCount: Math.max(0, u.completion_tokens - thoughts),
    totalTokenCount: u.prompt_tokens + u.completion_tokens,
    ...(cached > 0 && { cachedContentTokenCount: cached }),
    ...(thoughts > 0 && { thoughtsTokenCount: thoughts }),
  };
}

interface PendingCall {
  name: string;
  args: string;
}

/**
 * The client stage for Gemini clients: text and thoughts are written as they come; tool calls
 * are collected until complete (Gemini sends a whole functionCall) and written with the final
 * chunk, which carries finishReason and usageMetadata.
 */
export function createGeminiChunkWriter(ctx: StageContext): ClientStage {
  let out = '';
  let responseId: string | undefined;
  let finish: OpenAIFinishReason | null = null;
  let usage: OpenAIUsage | null = null;
  const calls = new Map<number, PendingCall>();

  const write = (parts: GeminiPart[], last: boolean): void => {
    const body: GeminiResponse = {
      candidates: [
        {
          content: { role: 'model', parts },
          ...(last && { finishReason: openAIFinishToGemini(finish) }),
          index: 0,
        },
      ],
      modelVersion: ctx.model,
      ...(responseId && { responseId }),
    };
    if (last) {
      const completion = ctx.counter.count();
      body.usageMetadata = usage
        ? openAIUsageToGemini(usage)
        : {
            promptTokenCount: ctx.promptTokens,
            candidatesTokenCount: completion,
            totalTokenCount: ctx.promptTokens + completion,
          };
    }
    out += sseGeminiData(JSON.stringify(body));
  };

  return {
    chunk(chunk) {
      responseId ??= chunk.id;
      if (chunk.usage) usage = chunk.usage;
      const choice = chunk.choices.find((c) => c.index === 0);
      if (!choice) return;
      const d = choice.delta;
      const parts: GeminiPart[] = [];
      const reasoning = d.reasoning_content ?? d.reasoning;
      if (reasoning) parts.push({ text: reasoning, thought: true });
      if (d.content) parts.push({ text: d.content });
      for (const call of d.tool_calls ?? []) {
        const pending = calls.get(call.index) ?? { name: '', args: '' };
        if (call.function?.name) pending.name = call.function.name;
        pending.args += call.function?.arguments ?? '';
        calls.set(call.index, pending);
      }
      if (choice.finish_reason) finish = choice.finish_reason;
      if (parts.length > 0) write(parts, false);
    },
    error(err) {
      out += renderStreamError('gemini', err);
    },
    end() {
      const parts: GeminiPart[] = [...calls.values()].map((c) => ({
        functionCall: { name: c.name, args: parseArguments(c.args) },
      }));
      write(parts.length > 0 ? parts : [{ text: '' }], true);
    },
    take() {
      const text = out;
      out = '';
      return text;
    },
  };
}
