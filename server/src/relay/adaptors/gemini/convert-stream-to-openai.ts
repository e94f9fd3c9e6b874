import { TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { normalizeGeminiUsage, type Usage } from '../../../billing/usage.js';
import { normalizeUpstreamError } from '../errors/upstream-error.js';
import { newId } from '../shared/ids.js';
import { isObject } from '../shared/json.js';
import type { OpenAIDelta, OpenAIFinishReason } from '../openai/types.js';
import { deltaChunk, usageChunk } from '../translate/openai-chunk.js';
import type { ChunkSink, StageContext, UpstreamStage } from '../translate/stages.js';
import {
  geminiFinishToOpenAI,
  geminiToolCall,
  geminiUsageToOpenAI,
} from './convert-response-to-openai.js';
import type { GeminiResponse, GeminiUsageMetadata } from './types.js';

/**
 * The upstream stage for Gemini `alt=sse` streams: each chunk's parts become content,
 * reasoning_content (thought parts) or whole tool calls; the last usageMetadata (Gemini repeats
 * running totals on every chunk) becomes the final usage chunk.
 */
export function createGeminiStreamReader(sink: ChunkSink, ctx: StageContext): UpstreamStage {
  let id = '';
  let first = true;
  let ended = false;
  let toolCount = 0;
  let usage: GeminiUsageMetadata | undefined;

  const emit = (delta: OpenAIDelta, finish: OpenAIFinishReason | null): void => {
    if (first) delta.role = 'assistant';
    first = false;
    sink.chunk(deltaChunk(id, ctx.model, delta, finish));
  };

  const handle = (resp: GeminiResponse): void => {
    id ||= resp.responseId ?? newId('chatcmpl-');
    if (resp.usageMetadata) usage = resp.usageMetadata;
    const candidate = resp.candidates?.[0];
    const delta: OpenAIDelta = {};
    for (const p of candidate?.content?.parts ?? []) {
      if (p.functionCall) {
        const call = geminiToolCall(p.functionCall);
        ctx.counter.add(call.function.name + call.function.arguments);
        ctx.counter.addTokens(TOKENS_PER_TOOL_CALL);
        (delta.tool_calls ??= []).push({ index: toolCount++, ...call });
      } else if (p.text) {
        ctx.counter.add(p.text);
        if (p.thought) delta.reasoning_content = (delta.reasoning_content ?? '') + p.text;
        else delta.content = (delta.content ?? '') + p.text;
      }
    }
    let finish = geminiFinishToOpenAI(candidate?.finishReason, toolCount > 0);
    if (!candidate && resp.promptFeedback?.blockReason) finish = 'content_filter';
    if (finish !== null || Object.keys(delta).length > 0) emit(delta, finish);
  };

  const finish = (): void => {
    if (ended) return;
    ended = true;
    if (usage) sink.chunk(usageChunk(id, ctx.model, geminiUsageToOpenAI(usage)));
    sink.end();
  };

  return {
    event(_name, data) {
      if (ended) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return;
      }
      if (Array.isArray(parsed)) parsed = parsed[0];
      if (!isObject(parsed)) return;
      if (parsed.error !== undefined) {
        const code = isObject(parsed.error) ? parsed.error.code : undefined;
        sink.error(normalizeUpstreamError(typeof code === 'number' ? code : 500, parsed));
        return;
      }
      handle(parsed as GeminiResponse);
    },
    end: finish,
    usage: (): Usage | null => (usage ? normalizeGeminiUsage(usage) : null),
  };
}
