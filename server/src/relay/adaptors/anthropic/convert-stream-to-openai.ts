import { TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { normalizeAnthropicUsage, type Usage } from '../../../billing/usage.js';
import { normalizeUpstreamError } from '../errors/upstream-error.js';
import { isObject } from '../shared/json.js';
import type { OpenAIDelta, OpenAIFinishReason } from '../openai/types.js';
import { deltaChunk, usageChunk } from '../translate/openai-chunk.js';
import type { ChunkSink, StageContext, UpstreamStage } from '../translate/stages.js';
import { anthropicStopToOpenAI, anthropicUsageToOpenAI } from './convert-response-to-openai.js';
import type { AnthropicStreamEvent, AnthropicUsage } from './types.js';

const STATUS_OF_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

/** Merges a later usage into an earlier one: present counters are whole-message totals. */
function mergeUsage(into: Partial<AnthropicUsage>, from: Partial<AnthropicUsage>): void {
  for (const [key, value] of Object.entries(from)) {
    if (value !== null && value !== undefined) (into as Record<string, unknown>)[key] = value;
  }
}

/**
 * The upstream stage for Anthropic streams: turns Messages events into OpenAI chunks (text,
 * thinking as reasoning_content, tool_use as indexed tool_calls deltas, the finish_reason) and
 * ends with a usage chunk built from `message_start` and `message_delta` usage.
 */
export function createAnthropicStreamReader(sink: ChunkSink, ctx: StageContext): UpstreamStage {
  let id = '';
  let started = false;
  let ended = false;
  const usage: Partial<AnthropicUsage> = {};
  let sawUsage = false;
  const toolOfBlock = new Map<number, number>();

  const emit = (delta: OpenAIDelta, finish: OpenAIFinishReason | null = null): void => {
    sink.chunk(deltaChunk(id, ctx.model, delta, finish));
  };
  const finish = (): void => {
    if (ended) return;
    ended = true;
    if (sawUsage) sink.chunk(usageChunk(id, ctx.model, anthropicUsageToOpenAI(usage)));
    sink.end();
  };

  const handle = (e: AnthropicStreamEvent): void => {
    switch (e.type) {
      case 'message_start':
        id = e.message.id;
        mergeUsage(usage, e.message.usage);
        sawUsage = true;
        if (!started) emit({ role: 'assistant', content: '' });
        started = true;
        return;
      case 'content_block_start': {
        const block = e.content_block;
        if (block.type === 'tool_use') {
          const index = toolOfBlock.size;
          toolOfBlock.set(e.index, index);
          ctx.counter.add(block.name);
          ctx.counter.addTokens(TOKENS_PER_TOOL_CALL);
          const fn = { name: block.name, arguments: '' };
          emit({ tool_calls: [{ index, id: block.id, type: 'function', function: fn }] });
        } else if (block.type === 'text' && block.text) {
          ctx.counter.add(block.text);
          emit({ content: block.text });
        }
        return;
      }
      case 'content_block_delta': {
        const d = e.delta;
        if (d.type === 'text_delta') {
          ctx.counter.add(d.text);
          emit({ content: d.text });
        } else if (d.type === 'thinking_delta') {
          ctx.counter.add(d.thinking);
          emit({ reasoning_content: d.thinking });
        } else if (d.type === 'input_json_delta' && d.partial_json) {
          const index = toolOfBlock.get(e.index) ?? 0;
          ctx.counter.add(d.partial_json);
          emit({ tool_calls: [{ index, function: { arguments: d.partial_json } }] });
        }
        return;
      }
      case 'message_delta':
        mergeUsage(usage, e.usage);
        sawUsage = true;
        emit({}, anthropicStopToOpenAI(e.delta.stop_reason));
        return;
      case 'message_stop':
        return finish();
      case 'error': {
        const status = STATUS_OF_TYPE[e.error.type] ?? 500;
        sink.error(normalizeUpstreamError(status, e));
        return;
      }
      default:
        return;
    }
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
      if (isObject(parsed) && typeof parsed.type === 'string')
        handle(parsed as AnthropicStreamEvent);
    },
    end: finish,
    usage: (): Usage | null => (sawUsage ? normalizeAnthropicUsage(usage) : null),
  };
}
