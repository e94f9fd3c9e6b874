import { createStreamTokenCounter } from '../../../billing/tokenizer.js';
import { createSseParser } from '../../stream/sse-parser.js';
import type { ClientFormat, StreamContext, StreamTranslator } from '../adaptor.js';
import { createAnthropicEventWriter } from '../openai/convert-stream-to-anthropic.js';
import { createGeminiChunkWriter } from '../openai/convert-stream-to-gemini.js';
import { createOpenAIChunkWriter } from './openai-chunk-writer.js';
import type { ClientStage, StageContext, UpstreamStageFactory } from './stages.js';

/** Creates the client stage that writes pivot chunks in the client's format. */
export function createClientStage(format: ClientFormat, ctx: StageContext): ClientStage {
  if (format === 'anthropic') return createAnthropicEventWriter(ctx);
  if (format === 'gemini') return createGeminiChunkWriter(ctx);
  return createOpenAIChunkWriter(ctx);
}

/** Creates a translator that converts an upstream stream into another format via the pivot. */
export function createConvertingTranslator(
  upstream: UpstreamStageFactory,
  format: ClientFormat,
  streamCtx: StreamContext,
): StreamTranslator {
  const ctx: StageContext = { ...streamCtx, counter: createStreamTokenCounter() };
  const client = createClientStage(format, ctx);
  // The client stage writes its final event (if its format has one) when it is ended.
  let complete = false;
  const stage = upstream(
    {
      chunk: (chunk) => client.chunk(chunk),
      error: (error) => client.error(error),
      end: () => {
        client.end();
        complete = true;
      },
    },
    ctx,
  );
  const parser = createSseParser((name, data) => stage.event(name, data));
  let ended = false;
  return {
    push(chunk) {
      if (!ended) parser.push(chunk);
      return client.take();
    },
    end() {
      if (!ended) {
        ended = true;
        parser.end();
        stage.end();
      }
      return client.take();
    },
    usage: () => stage.usage(),
    completionTokens: () => ctx.counter.count(),
    complete: () => complete,
  };
}
