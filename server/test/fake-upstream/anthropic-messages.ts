import type { ServerResponse } from 'node:http';
import type { AnswerPlan, PlannedUsage } from './behaviour.js';
import { sendJson, writeEvents } from './sse-writer.js';

/** Anthropic usage: input_tokens exclude cache reads and writes (writes are 5-minute ones here). */
function anthropicUsage(u: PlannedUsage, outputTokens: number): Record<string, unknown> {
  return {
    input_tokens: u.promptTokens,
    cache_creation_input_tokens: u.cacheWriteTokens,
    cache_read_input_tokens: u.cachedTokens,
    cache_creation: { ephemeral_5m_input_tokens: u.cacheWriteTokens, ephemeral_1h_input_tokens: 0 },
    output_tokens: outputTokens,
    service_tier: 'standard',
  };
}

/** Answers POST /v1/messages, JSON or the Messages SSE event sequence. */
export async function answerMessages(
  res: ServerResponse,
  plan: AnswerPlan,
  body: Record<string, unknown>,
): Promise<void> {
  const tool = plan.toolCall && {
    type: 'tool_use',
    id: 'toolu_fake1',
    name: plan.toolCall.name,
    input: plan.toolCall.arguments,
  };
  const stopReason = tool ? 'tool_use' : 'end_turn';
  const message = {
    id: 'msg_fake1',
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content: [] as unknown[],
    stop_reason: null as string | null,
    stop_sequence: null,
  };
  if (body.stream !== true) {
    message.content = tool ? [tool] : [{ type: 'text', text: plan.pieces.join('') }];
    message.stop_reason = stopReason;
    const usage = plan.usage
      ? anthropicUsage(plan.usage, plan.usage.completionTokens)
      : { input_tokens: 0, output_tokens: 0 };
    sendJson(res, 200, { ...message, usage });
    return;
  }
  const event = (type: string, data: Record<string, unknown>): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const startUsage = plan.usage
    ? anthropicUsage(plan.usage, 1)
    : { input_tokens: 0, output_tokens: 0 };
  const events = [event('message_start', { message: { ...message, usage: startUsage } })];
  if (tool) {
    events.push(event('content_block_start', { index: 0, content_block: { ...tool, input: {} } }));
    const json = JSON.stringify(tool.input);
    for (const partial_json of ['', json.slice(0, 5), json.slice(5)]) {
      events.push(
        event('content_block_delta', {
          index: 0,
          delta: { type: 'input_json_delta', partial_json },
        }),
      );
    }
  } else {
    events.push(
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    );
    events.push(event('ping', {}));
    for (const text of plan.pieces) {
      events.push(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }));
    }
  }
  events.push(event('content_block_stop', { index: 0 }));
  events.push(
    event('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: plan.usage?.completionTokens ?? 0 },
    }),
  );
  events.push(event('message_stop', {}));
  await writeEvents(res, events, plan.chunkDelayMs, plan.cutAfterEvents);
}
