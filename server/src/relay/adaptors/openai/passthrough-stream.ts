import { StringDecoder } from 'node:string_decoder';
import { createStreamTokenCounter, TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { normalizeOpenAIUsage, type Usage } from '../../../billing/usage.js';
import {
  createDeferredScan,
  createFieldScanner,
  createObjectKeyTest,
  hasEmptyArrayField,
  readStringField,
  type FieldScanner,
} from '../../stream/json-scan.js';
import { SSE_DONE, sseData } from '../../stream/sse-format.js';
import type { StreamContext, StreamTranslator } from '../adaptor.js';
import { newId, nowSeconds } from '../shared/ids.js';
import { isObject } from '../shared/json.js';
import { chunkUsage } from './chunk-usage.js';

/**
 * Which OpenAI stream: chat completions and legacy completions end with `[DONE]` and carry a
 * usage-only chunk; `events` streams (Responses, image streams) carry usage in a final event.
 */
export type PassthroughKind = 'chat' | 'completions' | 'events';

// Keys whose string values are delivered text (`name` only occurs in chat tool calls), and the
// usage key, found in one pass per event.
const SCANNERS: Record<PassthroughKind, FieldScanner> = {
  chat: createFieldScanner(
    ['content', 'reasoning_content', 'reasoning', 'refusal', 'arguments', 'name'],
    'usage',
  ),
  completions: createFieldScanner(['text'], 'usage'),
  events: createFieldScanner(['delta'], 'usage'),
};
const usageKey = '"usage"';
const mayHoldUsage = createObjectKeyTest('usage');

/** Index just past the blank line that ends the event starting at `from`, or -1. */
function eventEnd(text: string, from: number): number {
  let i = text.indexOf('\n', from);
  while (i !== -1) {
    const next = text.charCodeAt(i + 1);
    if (next === 10) return i + 2;
    if (next === 13 && text.charCodeAt(i + 2) === 10) return i + 3;
    i = text.indexOf('\n', i + 1);
  }
  return -1;
}

/** The data of the event in text[start, end): the common one-line case without copying twice. */
function eventData(text: string, start: number, end: number): string | null {
  let data: string | null = null;
  let lineStart = start;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const contentEnd = text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
    if (text.startsWith('data:', lineStart)) {
      const from = text.charCodeAt(lineStart + 5) === 32 ? lineStart + 6 : lineStart + 5;
      const value = text.slice(from, contentEnd);
      data = data === null ? value : `${data}\n${value}`;
    }
    lineStart = lineEnd + 1;
  }
  return data;
}

function readUsage(data: string): Usage | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return isObject(parsed) ? normalizeOpenAIUsage(chunkUsage(parsed)) : null;
  } catch {
    return null;
  }
}

/**
 * The OpenAI → OpenAI stream path: upstream bytes are forwarded as they are, event by event.
 * It only scans text (no JSON parse per chunk) to find the usage event, which is parsed once,
 * on demand, and to count delivered tokens, which it does only when the count is needed (the
 * upstream sent no usage, or the answer was cut short; see `DeferredScan`). The usage-only
 * chunk is dropped when the client did not ask for it, and synthesized from local counts when
 * it asked and the upstream sent none.
 */
export function createOpenAIPassthroughTranslator(
  kind: PassthroughKind,
  ctx: StreamContext,
): StreamTranslator {
  const decoder = new StringDecoder('utf8');
  const counter = createStreamTokenCounter();
  const scan = SCANNERS[kind];
  const doneTerminated = kind !== 'events';
  let carry = '';
  let usageData: string | undefined;
  let usage: Usage | null | undefined;
  let firstId: string | undefined;
  let done = false;
  const addText = (key: string, text: string): void => {
    counter.add(text);
    if (key === 'name') counter.addTokens(TOKENS_PER_TOOL_CALL);
  };
  const deferred = createDeferredScan(scan, addText);
  const completionTokens = (): number => {
    deferred.flush();
    return counter.count();
  };

  const synthesizedUsage = (): string => {
    if (kind !== 'chat' || !ctx.includeUsage || usageData !== undefined) return '';
    const completion = completionTokens();
    return sseData(
      JSON.stringify({
        id: firstId || newId('chatcmpl-'),
        object: 'chat.completion.chunk',
        created: nowSeconds(),
        model: ctx.model,
        choices: [],
        usage: {
          prompt_tokens: ctx.promptTokens,
          completion_tokens: completion,
          total_tokens: ctx.promptTokens + completion,
        },
      }),
    );
  };

  /**
   * Inspects one event's data; returns false when the event must not reach the client.
   * `mayHaveUsage`: the event's text holds the usage key (searched once per chunk, in `process`).
   */
  const inspect = (data: string, mayHaveUsage: boolean): boolean => {
    if (firstId === undefined && ctx.includeUsage) firstId = readStringField(data, 'id') ?? '';
    if (!mayHaveUsage || !mayHoldUsage(data)) {
      deferred.later(data);
      return true;
    }
    if (!scan(data, addText)) return true;
    usageData = data;
    usage = undefined;
    return kind === 'events' || ctx.includeUsage || !hasEmptyArrayField(data, 'choices');
  };

  const process = (text: string): string => {
    let out = '';
    let keptFrom = 0;
    let pos = 0;
    // Where the usage key occurs next: the events before it are not searched one by one (a
    // search has a fixed cost that, per short event, was most of the event's).
    let usageAt = text.indexOf(usageKey);
    for (let end = eventEnd(text, 0); end !== -1; end = eventEnd(text, pos)) {
      const data = eventData(text, pos, end);
      if (data === '[DONE]' && doneTerminated) {
        done = true;
        carry = '';
        return out + text.slice(keptFrom, pos) + synthesizedUsage() + text.slice(pos, end);
      }
      if (data !== null && !inspect(data, usageAt !== -1 && usageAt < end)) {
        out += text.slice(keptFrom, pos);
        keptFrom = end;
      }
      pos = end;
      if (usageAt !== -1 && usageAt < pos) usageAt = text.indexOf(usageKey, pos);
    }
    carry = text.slice(pos);
    return keptFrom === 0 ? text.slice(0, pos) : out + text.slice(keptFrom, pos);
  };

  return {
    push(chunk) {
      if (done) return '';
      return process(carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk)));
    },
    end() {
      if (done) return '';
      const tail = carry + decoder.end();
      let out =
        tail.trim() === '' ? '' : process(tail.endsWith('\n') ? `${tail}\n` : `${tail}\n\n`);
      if (!done && doneTerminated) out += synthesizedUsage() + SSE_DONE;
      done = true;
      return out;
    },
    usage() {
      if (usage === undefined) usage = usageData === undefined ? null : readUsage(usageData);
      return usage;
    },
    completionTokens,
  };
}
