import { renderStreamError } from '../errors/render-error.js';
import { SSE_DONE, sseData } from '../../stream/sse-format.js';
import { countedUsageChunk } from './openai-chunk.js';
import type { ClientStage, StageContext } from './stages.js';

/**
 * The client stage for OpenAI clients: writes chunks as `data:` events, forwards the usage
 * chunk only when the client asked for it (synthesizing one from local counts when the
 * upstream sent none), and ends with `[DONE]`.
 */
export function createOpenAIChunkWriter(ctx: StageContext): ClientStage {
  let out = '';
  let id = '';
  let sawUsage = false;
  return {
    chunk(chunk) {
      id ||= chunk.id;
      if (chunk.usage) sawUsage = true;
      if (chunk.usage && chunk.choices.length === 0 && !ctx.includeUsage) return;
      out += sseData(JSON.stringify(chunk));
    },
    error(err) {
      out += renderStreamError('openai', err);
    },
    end() {
      if (ctx.includeUsage && !sawUsage) {
        out += sseData(JSON.stringify(countedUsageChunk(id, ctx, ctx.counter.count())));
      }
      out += SSE_DONE;
    },
    take() {
      const text = out;
      out = '';
      return text;
    },
  };
}
