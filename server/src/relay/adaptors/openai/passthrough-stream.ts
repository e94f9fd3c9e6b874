import { createStreamTokenCounter, TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { normalizeOpenAIUsage, type Usage } from '../../../billing/usage.js';
import {
  createDeferredScan,
  createFieldScanner,
  createObjectKeyFinder,
  hasEmptyArrayField,
  readStringField,
  valueEnd,
  type FieldScanner,
} from '../../stream/json-scan.js';
import { SSE_DONE, sseData } from '../../stream/sse-format.js';
import type { StreamContext, StreamTranslator } from '../adaptor.js';
import { isObject } from '../shared/json.js';
import { countedUsageChunk } from '../translate/openai-chunk.js';
import { chunkUsage } from './chunk-usage.js';

/**
 * Which OpenAI stream: chat completions and legacy completions end with `[DONE]` and carry a
 * usage-only chunk; `events` streams (Responses, image streams) carry usage in a final event.
 */
export type PassthroughKind = 'chat' | 'completions' | 'events';

// Keys whose string values are delivered text (`name` only occurs in chat tool calls).
const SCANNERS: Record<PassthroughKind, FieldScanner> = {
  chat: createFieldScanner([
    'content',
    'reasoning_content',
    'reasoning',
    'refusal',
    'arguments',
    'name',
  ]),
  completions: createFieldScanner(['text']),
  events: createFieldScanner(['delta']),
};
/** Where the next usage object's key starts (not a `"usage":null`), or -1. */
const usageObjectAt = createObjectKeyFinder('usage');
const usageKey = '"usage"';

/**
 * Index just past the last blank line (the end of an event) that ends at or before `at`, or 0
 * (an event starts there: text given to `process` starts at an event). A chunk mostly ends
 * with its blank line, found without a search (`lastIndexOf` is a call into C++); otherwise
 * the search goes from line break to line break.
 */
function afterBlankLine(text: string, at: number): number {
  let i = Math.min(at, text.length - 1);
  if (text.charCodeAt(i) !== 10) i = text.lastIndexOf('\n', i);
  for (; i > 0; i = text.lastIndexOf('\n', i - 1)) {
    const before = text.charCodeAt(i - 1);
    if (before === 10 || (before === 13 && text.charCodeAt(i - 2) === 10)) return i + 1;
  }
  return 0;
}

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

/**
 * The value of the event in text[start, end) for `field`: its `data` lines joined, or its
 * `event` line; null when it has none. The common one-line case is not copied twice.
 */
function eventField(
  text: string,
  start: number,
  end: number,
  field: 'data' | 'event',
): string | null {
  const prefix = field === 'data' ? 'data:' : 'event:';
  let value: string | null = null;
  let lineStart = start;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const contentEnd = text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd;
    if (text.startsWith(prefix, lineStart)) {
      const at = lineStart + prefix.length;
      const line = text.slice(text.charCodeAt(at) === 32 ? at + 1 : at, contentEnd);
      value = value === null || field === 'event' ? line : `${value}\n${line}`;
    }
    lineStart = lineEnd + 1;
  }
  return value;
}

/** Text whose characters are UTF-8 bytes (latin1), as the characters they encode. */
const decoded = (bytes: string): string => Buffer.from(bytes, 'latin1').toString('utf8');
/** Text as its UTF-8 bytes, one per character (latin1). */
const asBytes = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

/**
 * The first `id` in text[0, end), for a usage chunk made here (a comment may come before the
 * first event): only its line is decoded.
 */
function idIn(text: string, end: number): string | undefined {
  const at = text.indexOf('"id"');
  if (at === -1 || at >= end) return undefined;
  return readStringField(decoded(text.slice(at, text.indexOf('\n', at))), 'id');
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The usage in the JSON object that opens at `open` and ends before `close` (its latin1 text
 * parses as well as its decoded text would: it holds numbers); null when it has none.
 */
export function usageObject(
  text: string,
  open: number,
  close = valueEnd(text, open),
): Usage | null {
  return normalizeOpenAIUsage(parsed(text.slice(open, close)));
}

/**
 * The usage of the event data (latin1) that holds a usage object. That object alone is parsed
 * (it holds numbers, so its latin1 text parses as well as its decoded text would), a quarter
 * of a usage chunk; an event that holds several is parsed whole, the usage taken where
 * `chunkUsage` looks.
 */
function readUsage(data: string): Usage | null {
  const open = data.indexOf('{', usageObjectAt(data) + usageKey.length);
  const close = valueEnd(data, open);
  if (close !== -1 && usageObjectAt(data, close) === -1) return usageObject(data, open, close);
  const event = parsed(decoded(data));
  return isObject(event) ? normalizeOpenAIUsage(chunkUsage(event)) : null;
}

/**
 * The OpenAI → OpenAI stream path: upstream bytes are forwarded as they are. It searches each
 * chunk for the few events it must read: the usage event (a `"usage"` key with an object
 * value), parsed once, on demand; `[DONE]` (or, for `events`, `response.completed`), which
 * completes the answer. Events before the first of those are forwarded unread and kept, as
 * text, for a local count of the delivered tokens, which is made only when needed (the
 * upstream sent no usage, or the answer was cut short; see `DeferredScan`). The usage-only
 * chunk is dropped when the client did not ask for it, and synthesized from local counts when
 * it asked and the upstream sent none. The bytes are read as latin1, one character each, and
 * leave as such: nothing is decoded or encoded as UTF-8 on the way through (for a streamed
 * answer that was ~3 % of the gateway's instructions), only what is read.
 */
export function createOpenAIPassthroughTranslator(
  kind: PassthroughKind,
  ctx: StreamContext,
): StreamTranslator {
  const counter = createStreamTokenCounter();
  const scan = SCANNERS[kind];
  const doneTerminated = kind !== 'events';
  /** What marks the event that completes the answer. */
  const endMarker = doneTerminated ? '[DONE]' : 'response.completed';
  let carry = '';
  let usageData: string | undefined;
  let usage: Usage | null | undefined;
  let firstId: string | undefined;
  /** Nothing more is forwarded (after `[DONE]`, or after `end`): the answer is complete. */
  let done = false;
  /** An `events` stream forwarded `response.completed` (more may follow until its end). */
  let completed = false;
  const addText = (key: string, text: string): void => {
    counter.add(text);
    if (key === 'name') counter.addTokens(TOKENS_PER_TOOL_CALL);
  };
  /** Scans the data of each event of a run of whole events. */
  const scanEvents = (events: string, onString: (key: string, value: string) => void) => {
    for (
      let pos = 0, end = eventEnd(events, 0);
      end !== -1;
      pos = end, end = eventEnd(events, pos)
    ) {
      const data = eventField(events, pos, end, 'data');
      if (data !== null) scan(decoded(data), onString);
    }
    return false;
  };
  const deferred = createDeferredScan(scanEvents, addText);
  const completionTokens = (): number => {
    deferred.flush();
    return counter.count();
  };

  const synthesizedUsage = (): string => {
    if (kind !== 'chat' || !ctx.includeUsage || usageData !== undefined) return '';
    return asBytes(
      sseData(JSON.stringify(countedUsageChunk(firstId ?? '', ctx, completionTokens()))),
    );
  };

  /**
   * Takes the data of an event whose text holds a usage object (its usage is read on demand);
   * returns false when the event must not reach the client (a usage-only chunk the client
   * did not ask for).
   */
  const takeUsageEvent = (data: string): boolean => {
    if (usageObjectAt(data) === -1) return true;
    usageData = data;
    usage = undefined;
    return kind === 'events' || ctx.includeUsage || !hasEmptyArrayField(data, 'choices');
  };

  /** Forwards the whole events of `text` (the rest waits in `carry`). */
  const process = (text: string): string => {
    const end = afterBlankLine(text, text.length - 1);
    carry = end === text.length ? '' : text.slice(end);
    if (end === 0) return '';
    if (firstId === undefined && ctx.includeUsage) firstId = idIn(text, end);
    // The events before the first one that may be the usage event or the completing one
    // are forwarded unread, kept for a count.
    let usageAt = usageObjectAt(text);
    if (usageAt >= end) usageAt = -1;
    let markerAt = text.indexOf(endMarker);
    if (markerAt >= end) markerAt = -1;
    const first =
      usageAt === -1 ? markerAt : markerAt === -1 ? usageAt : Math.min(usageAt, markerAt);
    const from = first === -1 ? end : afterBlankLine(text, first);
    if (from > 0) deferred.later(from === text.length ? text : text.slice(0, from));
    let out = '';
    let keptFrom = 0;
    let pos = from;
    for (let next = eventEnd(text, pos); next !== -1; next = eventEnd(text, pos)) {
      const data = eventField(text, pos, next, 'data');
      if (data === '[DONE]' && doneTerminated) {
        done = true;
        carry = '';
        return out + text.slice(keptFrom, pos) + synthesizedUsage() + text.slice(pos, next);
      }
      // Every event's text is kept for a count, the usage event's too (it may carry text).
      deferred.later(text.slice(pos, next));
      if (data !== null && usageAt !== -1 && usageAt < next && !takeUsageEvent(data)) {
        out += text.slice(keptFrom, pos);
        keptFrom = next;
      }
      if (!doneTerminated && eventField(text, pos, next, 'event') === endMarker) completed = true;
      pos = next;
      if (usageAt !== -1 && usageAt < pos) usageAt = usageObjectAt(text, pos);
    }
    if (keptFrom > 0) return out + text.slice(keptFrom, end);
    return end === text.length ? text : text.slice(0, end);
  };

  return {
    push(chunk) {
      if (done) return '';
      return process(
        carry + (typeof chunk === 'string' ? asBytes(chunk) : chunk.toString('latin1')),
      );
    },
    end() {
      if (done) return '';
      const tail = carry;
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
    complete: () => done || completed,
    encoding: 'latin1',
  };
}
