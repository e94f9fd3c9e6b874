import type { ServerResponse } from 'node:http';
import type { AnswerPlan, PlannedUsage } from './behaviour.js';
import { sendJson, writeEvents } from './sse-writer.js';

/** Gemini usageMetadata: promptTokenCount includes the cached tokens. */
function geminiUsage(u: PlannedUsage, candidates: number): Record<string, unknown> {
  const prompt = u.promptTokens + u.cachedTokens;
  return {
    promptTokenCount: prompt,
    candidatesTokenCount: candidates,
    totalTokenCount: prompt + candidates,
    ...(u.cachedTokens > 0 && { cachedContentTokenCount: u.cachedTokens }),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: prompt }],
  };
}

/** Answers `:generateContent` (JSON) and `:streamGenerateContent?alt=sse` (CRLF-framed SSE). */
export async function answerGenerate(
  res: ServerResponse,
  plan: AnswerPlan,
  stream: boolean,
): Promise<void> {
  const base = { modelVersion: plan.model, responseId: 'fakeResponseId0001' };
  const candidate = (parts: unknown[], finishReason?: string): Record<string, unknown> => ({
    content: { parts, role: 'model' },
    ...(finishReason && { finishReason }),
    index: 0,
  });
  const call = plan.toolCall && {
    functionCall: { name: plan.toolCall.name, args: plan.toolCall.arguments },
  };
  if (!stream) {
    const parts = call ? [call] : [{ text: plan.pieces.join('') }];
    sendJson(res, 200, {
      candidates: [candidate(parts, 'STOP')],
      ...(plan.usage && { usageMetadata: geminiUsage(plan.usage, plan.usage.completionTokens) }),
      ...base,
    });
    return;
  }
  const pieces: unknown[][] = call ? [[call]] : plan.pieces.map((text) => [{ text }]);
  const events = pieces.map((parts, i) => {
    const last = i === pieces.length - 1;
    const usage = plan.usage && geminiUsage(plan.usage, last ? plan.usage.completionTokens : i + 1);
    const chunk = {
      candidates: [candidate(parts, last ? 'STOP' : undefined)],
      ...(usage && { usageMetadata: usage }),
      ...base,
    };
    return `data: ${JSON.stringify(chunk)}\r\n\r\n`;
  });
  await writeEvents(res, events, plan.chunkDelayMs, plan.cutAfterEvents);
}
