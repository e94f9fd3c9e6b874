import type { ServerResponse } from 'node:http';
import type { AnswerPlan, PlannedUsage } from './behaviour.js';
import { sendJson, writeEvents } from './sse-writer.js';

const CREATED = 1_750_000_000;

/** OpenAI usage: prompt_tokens include the cached tokens. */
export function openAIUsage(u: PlannedUsage): Record<string, unknown> {
  const prompt = u.promptTokens + u.cachedTokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: u.completionTokens,
    total_tokens: prompt + u.completionTokens,
    prompt_tokens_details: { cached_tokens: u.cachedTokens, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function toolCall(plan: AnswerPlan): Record<string, unknown> {
  const args = JSON.stringify(plan.toolCall?.arguments ?? {});
  return {
    id: 'call_fake1',
    type: 'function',
    function: { name: plan.toolCall?.name, arguments: args },
  };
}

/** Answers POST /v1/chat/completions (and the Azure deployment path), JSON or SSE. */
export async function answerChat(
  res: ServerResponse,
  plan: AnswerPlan,
  body: Record<string, unknown>,
): Promise<void> {
  const id = 'chatcmpl-fake1';
  const base = { id, created: CREATED, model: plan.model, system_fingerprint: 'fp_fake' };
  if (body.stream !== true) {
    const message = plan.toolCall
      ? { role: 'assistant', content: null, tool_calls: [toolCall(plan)], refusal: null }
      : { role: 'assistant', content: plan.pieces.join(''), refusal: null, annotations: [] };
    sendJson(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [
        { index: 0, message, logprobs: null, finish_reason: plan.toolCall ? 'tool_calls' : 'stop' },
      ],
      ...(plan.usage && { usage: openAIUsage(plan.usage) }),
      service_tier: 'default',
    });
    return;
  }
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  const withUsage = options?.include_usage === true && plan.usage !== null;
  const chunk = (
    delta: unknown,
    finish: string | null,
    extra: Record<string, unknown> = {},
  ): string =>
    `data: ${JSON.stringify({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(withUsage && { usage: null }),
      ...extra,
    })}\n\n`;
  const events = [chunk({ role: 'assistant', content: '', refusal: null }, null)];
  if (plan.toolCall) {
    const call = toolCall(plan) as { function: { name: string; arguments: string } };
    const args = call.function.arguments;
    events.push(
      chunk(
        {
          tool_calls: [
            { index: 0, ...call, function: { name: call.function.name, arguments: '' } },
          ],
        },
        null,
      ),
    );
    const half = Math.floor(args.length / 2);
    for (const part of [args.slice(0, half), args.slice(half)]) {
      events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] }, null));
    }
  } else {
    for (const piece of plan.pieces) events.push(chunk({ content: piece }, null));
  }
  events.push(chunk({}, plan.toolCall ? 'tool_calls' : 'stop'));
  if (withUsage && plan.usage) {
    events.push(
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage: openAIUsage(plan.usage) })}\n\n`,
    );
  }
  events.push('data: [DONE]\n\n');
  await writeEvents(res, events, plan.chunkDelayMs, plan.cutAfterEvents);
}

/** Answers POST /v1/completions (legacy text completions), JSON or SSE. */
export async function answerCompletions(
  res: ServerResponse,
  plan: AnswerPlan,
  body: Record<string, unknown>,
): Promise<void> {
  const base = { id: 'cmpl-fake1', object: 'text_completion', created: CREATED, model: plan.model };
  const usage = plan.usage ? openAIUsage(plan.usage) : undefined;
  if (body.stream !== true) {
    const choice = { text: plan.pieces.join(''), index: 0, logprobs: null, finish_reason: 'stop' };
    sendJson(res, 200, { ...base, choices: [choice], ...(usage && { usage }) });
    return;
  }
  const events = plan.pieces.map(
    (text, i) =>
      `data: ${JSON.stringify({ ...base, choices: [{ text, index: 0, logprobs: null, finish_reason: i === plan.pieces.length - 1 ? 'stop' : null }] })}\n\n`,
  );
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (usage && options?.include_usage)
    events.push(`data: ${JSON.stringify({ ...base, choices: [], usage })}\n\n`);
  events.push('data: [DONE]\n\n');
  await writeEvents(res, events, plan.chunkDelayMs, plan.cutAfterEvents);
}

/** Answers POST /v1/responses, JSON or the Responses SSE event sequence. */
export async function answerResponses(
  res: ServerResponse,
  plan: AnswerPlan,
  body: Record<string, unknown>,
): Promise<void> {
  const text = plan.pieces.join('');
  const usage = plan.usage && {
    input_tokens: plan.usage.promptTokens + plan.usage.cachedTokens,
    input_tokens_details: { cached_tokens: plan.usage.cachedTokens },
    output_tokens: plan.usage.completionTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: plan.usage.promptTokens + plan.usage.cachedTokens + plan.usage.completionTokens,
  };
  const item = {
    id: 'msg_fake1',
    type: 'message',
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
  const response = (status: string, output: unknown[], u: unknown): Record<string, unknown> => ({
    id: 'resp_fake1',
    object: 'response',
    created_at: CREATED,
    status,
    model: plan.model,
    output,
    usage: u,
  });
  if (body.stream !== true) {
    sendJson(res, 200, response('completed', [item], usage));
    return;
  }
  let seq = 0;
  const event = (type: string, data: Record<string, unknown>): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...data })}\n\n`;
  const events = [
    event('response.created', { response: response('in_progress', [], null) }),
    event('response.output_item.added', {
      output_index: 0,
      item: { ...item, status: 'in_progress', content: [] },
    }),
    ...plan.pieces.map((delta) =>
      event('response.output_text.delta', {
        item_id: 'msg_fake1',
        output_index: 0,
        content_index: 0,
        delta,
      }),
    ),
    event('response.output_text.done', {
      item_id: 'msg_fake1',
      output_index: 0,
      content_index: 0,
      text,
    }),
    event('response.output_item.done', { output_index: 0, item }),
    event('response.completed', { response: response('completed', [item], usage) }),
  ];
  await writeEvents(res, events, plan.chunkDelayMs, plan.cutAfterEvents);
}
