import type { OutgoingHttpHeader } from 'node:http';
import { emptyUsage, reportedUsage } from '../../billing/usage.js';
import { drained } from '../../lib/drained.js';
import type { Adaptor, StreamContext, StreamTranslator } from '../adaptors/adaptor.js';
import { AdaptorError, badResponse } from '../adaptors/errors/adaptor-error.js';
import { forwardedEndpoint, type RelayContext } from '../relay-context.js';
import { ClientGone, UpstreamFailure } from '../relay-errors.js';
import { TurnWriter } from '../stream/turn-writer.js';
import type { UpstreamResponse } from '../upstream/upstream-pools.js';
import { deliverJson, writeRelayHead } from './deliver-json.js';
import { precisePromptTokens } from './read-request.js';
import { SettlementFailed } from '../../billing/settle-plan.js';
import { settleDelivered } from './settle-request.js';

function translatorFor(rc: RelayContext, adaptor: Adaptor): StreamTranslator {
  const ctx: StreamContext = {
    model: rc.request.model,
    includeUsage: rc.request.includeUsage,
    promptTokens: rc.request.promptTokens,
  };
  if (rc.endpoint === 'chat') return adaptor.createStreamTranslator(rc.format, ctx);
  return adaptor.forward!.createStreamTranslator(forwardedEndpoint(rc), ctx);
}

/** The head of an SSE answer, besides what every relay answer carries. */
const sseHead: readonly OutgoingHttpHeader[] = [
  ['content-type', 'text/event-stream; charset=utf-8'],
  ['cache-control', 'no-cache'],
  ['connection', 'keep-alive'],
  ['x-accel-buffering', 'no'],
].flat();

function writeHead(rc: RelayContext): void {
  writeRelayHead(rc, sseHead);
  rc.outcome.firstByteMs = rc.elapsedMs();
}

/**
 * Streams an SSE answer to the client chunk by chunk as it arrives (no added buffering),
 * translating it when the formats differ and counting usage as it goes. Headers go out with
 * the first translated bytes, so a failure before that can still be retried on another
 * channel. A client that goes away aborts the upstream and keeps the usage delivered so far.
 */
export async function deliverStream(
  rc: RelayContext,
  adaptor: Adaptor,
  res: UpstreamResponse,
): Promise<void> {
  const contentType = String(res.headers['content-type'] ?? '');
  if (contentType.includes('application/json')) return deliverJson(rc, adaptor, res);
  const translator = translatorFor(rc, adaptor);
  const raw = rc.reply.raw;
  const finish = () => {
    const upstream = reportedUsage(translator.usage());
    rc.outcome.localCount = upstream === null;
    rc.outcome.usage = upstream ?? {
      ...emptyUsage(),
      promptTokens: precisePromptTokens(rc),
      completionTokens: translator.completionTokens(),
    };
  };
  // An answer that arrives whole leaves in one socket write, its final event and end included.
  const writer = new TurnWriter(raw, translator.encoding);
  try {
    for await (const chunk of res.body) {
      const out = translator.push(chunk);
      if (out === '') continue;
      if (!raw.headersSent) writeHead(rc);
      if (!rc.outcome.settled && translator.complete()) {
        // The client holds a complete answer once this event arrives: bill it first (what
        // came before it in this turn waits, to leave with it).
        writer.hold();
        finish();
        await settleDelivered(rc);
        writer.flush(out);
      } else {
        writer.add(out);
      }
      if (raw.writableNeedDrain) await drained(raw);
      if (rc.outcome.clientGone) throw new ClientGone();
    }
    const tail = translator.end();
    if (!raw.headersSent) writeHead(rc);
    if (!rc.outcome.settled) {
      finish();
      await settleDelivered(rc);
    }
    writer.end(tail);
  } catch (error) {
    // The final event's charge could not be recorded: it is not sent, and the stream ends
    // with the error.
    if (error instanceof SettlementFailed) {
      writer.discard();
      throw error;
    }
    if (rc.outcome.clientGone) {
      writer.discard();
      // Billed for what was delivered: upstream usage if it already came, else counted text.
      if (!rc.outcome.settled) rc.outcome.partial = 'client_gone';
      finish();
      throw new ClientGone();
    }
    // What arrived before the failure (never an unbilled final event) goes out first.
    writer.flush();
    const message = `the upstream stream broke: ${error instanceof Error ? error.message : String(error)}`;
    const channelId = rc.attempt?.channel.id ?? 0;
    // Before any byte reached the client another channel may still answer; after, not.
    if (!raw.headersSent) {
      throw new UpstreamFailure(
        { status: 502, message, type: 'upstream_error', code: null },
        channelId,
      );
    }
    // The client holds what was delivered: it is billed (counted text when the upstream sent
    // no usage), then the stream ends with an error event.
    if (!rc.outcome.settled) {
      const raised = error instanceof AdaptorError || error instanceof UpstreamFailure;
      rc.outcome.partial = raised ? 'upstream_error' : 'upstream_cut';
      finish();
      await settleDelivered(rc);
    }
    throw new UpstreamFailure(badResponse(message).error, channelId);
  }
}
