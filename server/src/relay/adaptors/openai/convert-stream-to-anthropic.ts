import { renderStreamError } from '../errors/render-error.js';
import { newId } from '../shared/ids.js';
import { sseEvent } from '../../stream/sse-format.js';
import type { AnthropicStopReason, AnthropicStreamEvent } from '../anthropic/types.js';
import type { ClientStage, StageContext } from '../translate/stages.js';
import type { OpenAIChatChunk, OpenAIFinishReason, OpenAIUsage } from './types.js';

/** Maps an OpenAI finish_reason to an Anthropic stop_reason. */
export function openAIFinishToAnthropic(reason: OpenAIFinishReason | null): AnthropicStopReason {
  if (reason === 'length') return 'max_tokens';
  if (reason === 'tool_calls' || reason === 'function_call') return 'tool_use';
  if (reason === 'content_filter') return 'refusal';
  return 'end_turn';
}

/** OpenAI usage in Anthropic terms: input_tokens exclude the cache reads. */
export function openAIUsageToAnthropic(u: OpenAIUsage): {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
} {
  const cached = u.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    input_tokens: Math.max(0, u.prompt_tokens - cached),
    output_tokens: u.completion_tokens,
    cache_read_input_tokens: cached,
  };
}

type BlockKind = 'text' | 'thinking' | 'tool_use';

/**
 * The client stage for Anthropic clients: turns OpenAI chunks into the Messages event sequence
 * (`message_start`, `content_block_start/delta/stop` for text, thinking and tool_use,
 * `message_delta` with stop_reason and usage, `message_stop`) that `@anthropic-ai/sdk` reads.
 */
export function createAnthropicEventWriter(ctx: StageContext): ClientStage {
  let out = '';
  let started = false;
  let open: BlockKind | null = null;
  let blockCount = 0;
  let stopReason: AnthropicStopReason | null = null;
  let usage: OpenAIUsage | null = null;
  // OpenAI tool index → its block; some upstreams repeat the id on every delta of one call.
  const toolBlocks = new Map<number, { index: number; id: string | undefined }>();

  const emit = (event: AnthropicStreamEvent): void => {
    out += sseEvent(event.type, JSON.stringify(event));
  };
  const start = (id: string): void => {
    started = true;
    emit({
      type: 'message_start',
      message: {
        id: id.startsWith('msg_') ? id : `msg_${id}`,
        type: 'message',
        role: 'assistant',
        model: ctx.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: ctx.promptTokens, output_tokens: 0 },
      },
    });
  };
  const close = (): void => {
    if (open !== null) emit({ type: 'content_block_stop', index: blockCount - 1 });
    open = null;
  };
  const openBlock = (kind: BlockKind, id = '', name = ''): number => {
    close();
    open = kind;
    const index = blockCount++;
    const content_block =
      kind === 'text'
        ? { type: 'text' as const, text: '' }
        : kind === 'thinking'
          ? { type: 'thinking' as const, thinking: '', signature: '' }
          : { type: 'tool_use' as const, id, name, input: {} };
    emit({ type: 'content_block_start', index, content_block });
    return index;
  };

  const onChunk = (chunk: OpenAIChatChunk): void => {
    if (!started) start(chunk.id);
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (!choice) return;
    const d = choice.delta;
    const reasoning = d.reasoning_content ?? d.reasoning;
    if (reasoning) {
      if (open !== 'thinking') openBlock('thinking');
      const delta = { type: 'thinking_delta' as const, thinking: reasoning };
      emit({ type: 'content_block_delta', index: blockCount - 1, delta });
    }
    if (d.content) {
      if (open !== 'text') openBlock('text');
      const delta = { type: 'text_delta' as const, text: d.content };
      emit({ type: 'content_block_delta', index: blockCount - 1, delta });
    }
    for (const call of d.tool_calls ?? []) {
      let block = toolBlocks.get(call.index);
      if (!block || (call.id && call.id !== block.id)) {
        const id = call.id ?? newId('toolu_');
        block = { index: openBlock('tool_use', id, call.function?.name ?? ''), id: call.id };
        toolBlocks.set(call.index, block);
      }
      const args = call.function?.arguments;
      if (args) {
        const delta = { type: 'input_json_delta' as const, partial_json: args };
        emit({ type: 'content_block_delta', index: block.index, delta });
      }
    }
    if (choice.finish_reason) stopReason = openAIFinishToAnthropic(choice.finish_reason);
  };

  return {
    chunk: onChunk,
    error(err) {
      out += renderStreamError('anthropic', err);
    },
    end() {
      if (!started) start(newId('msg_'));
      close();
      const final = usage
        ? openAIUsageToAnthropic(usage)
        : { input_tokens: ctx.promptTokens, output_tokens: ctx.counter.count() };
      emit({
        type: 'message_delta',
        delta: { stop_reason: stopReason ?? 'end_turn', stop_sequence: null },
        usage: final,
      });
      emit({ type: 'message_stop' });
    },
    take() {
      const text = out;
      out = '';
      return text;
    },
  };
}
