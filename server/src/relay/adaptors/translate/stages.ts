/**
 * Conversions between formats pivot on OpenAI chat chunks: an upstream stage turns upstream
 * events into chunks, a client stage turns chunks into the client's SSE text. Same-format
 * streams skip this and use a pass-through translator.
 */
import type { StreamTokenCounter } from '../../../billing/tokenizer.js';
import type { Usage } from '../../../billing/usage.js';
import type { StreamContext } from '../adaptor.js';
import type { UpstreamError } from '../errors/upstream-error.js';
import type { OpenAIChatChunk } from '../openai/types.js';

/** Receives pivot chunks. */
export interface ChunkSink {
  /** One OpenAI-shaped chunk; a usage-only chunk has `choices: []` and OpenAI-style usage. */
  chunk(chunk: OpenAIChatChunk): void;
  /** An error the upstream reported inside the stream. */
  error(err: UpstreamError): void;
  /** Called once after the last chunk. */
  end(): void;
}

/** The upstream side of a conversion. */
export interface UpstreamStage {
  /** Handles one upstream SSE event (name is '' for data-only events). */
  event(name: string, data: string): void;
  /** Flushes when the upstream body ended; calls the sink's end once. */
  end(): void;
  /** Normalized usage reported by the upstream, or null. */
  usage(): Usage | null;
}

/** The client side of a conversion. */
export interface ClientStage extends ChunkSink {
  /** Returns the client SSE text produced since the last call. */
  take(): string;
}

/** What both stages share: the stream context and the counter of delivered text. */
export interface StageContext extends StreamContext {
  /** Counts delivered output text for billing without upstream usage. */
  counter: StreamTokenCounter;
}

/** Creates the upstream stage of one upstream kind. */
export type UpstreamStageFactory = (sink: ChunkSink, ctx: StageContext) => UpstreamStage;
