import { TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { normalizeOpenAIUsage, type Usage } from '../../../billing/usage.js';
import { normalizeUpstreamError } from '../errors/upstream-error.js';
import { isObject } from '../shared/json.js';
import { chunkUsage } from '../openai/chunk-usage.js';
import type { OpenAIChatChunk, OpenAIUsage } from '../openai/types.js';
import type { ChunkSink, StageContext, UpstreamStage } from './stages.js';

/** Counts the delivered text of one chunk: content, reasoning, tool names and arguments. */
export function countChunkText(chunk: OpenAIChatChunk, ctx: StageContext): void {
  for (const choice of chunk.choices) {
    const d = choice.delta;
    if (d.content) ctx.counter.add(d.content);
    const reasoning = d.reasoning_content ?? d.reasoning;
    if (reasoning) ctx.counter.add(reasoning);
    for (const call of d.tool_calls ?? []) {
      if (call.function?.name) {
        ctx.counter.add(call.function.name);
        ctx.counter.addTokens(TOKENS_PER_TOOL_CALL);
      }
      if (call.function?.arguments) ctx.counter.add(call.function.arguments);
    }
  }
}

/**
 * The upstream stage for OpenAI-compatible streams feeding a non-OpenAI client: parses each
 * chunk once, records usage and delivered text, and stops at `[DONE]`.
 */
export function createOpenAIChunkReader(sink: ChunkSink, ctx: StageContext): UpstreamStage {
  let usage: Usage | null = null;
  let ended = false;
  const finish = (): void => {
    if (ended) return;
    ended = true;
    sink.end();
  };
  return {
    event(_name, data) {
      if (ended) return;
      if (data === '[DONE]') return finish();
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return;
      }
      if (!isObject(parsed)) return;
      if (parsed.error !== undefined) {
        sink.error(normalizeUpstreamError(500, parsed));
        return;
      }
      const chunk = parsed as unknown as OpenAIChatChunk;
      if (!Array.isArray(chunk.choices)) chunk.choices = [];
      for (const choice of chunk.choices) choice.delta ??= {};
      const rawUsage = chunkUsage(parsed);
      if (rawUsage) {
        chunk.usage = rawUsage as unknown as OpenAIUsage;
        usage = normalizeOpenAIUsage(rawUsage) ?? usage;
      }
      countChunkText(chunk, ctx);
      sink.chunk(chunk);
    },
    end: finish,
    usage: () => usage,
  };
}
