import { createRequire } from 'node:module';

type CountTokens = (text: string, options: { disallowedSpecial: Set<string> }) => number;
let encoder: CountTokens | undefined;

/**
 * The o200k encoder, loaded on first use: its tables take ~70 MB, and the relay needs them
 * only when an upstream reports no usage, so a gateway that never counts never loads them.
 */
function countTokens(text: string, options: { disallowedSpecial: Set<string> }): number {
  encoder ??= (createRequire(import.meta.url)('gpt-tokenizer') as { countTokens: CountTokens })
    .countTokens;
  return encoder(text, options);
}

/** Tokens added per chat message for the role and separators (OpenAI's published estimate). */
export const TOKENS_PER_MESSAGE = 3;
/** Tokens that prime the assistant reply once per request. */
export const TOKENS_PER_REPLY = 3;
/** Estimate for one input image (OpenAI high detail, 512px tiles of a ~1024px image). */
export const TOKENS_PER_IMAGE = 765;
/** Tokens added per tool call in a streamed answer that had no upstream usage (contract 4.6). */
export const TOKENS_PER_TOOL_CALL = 7;

/** Longest text tokenized exactly; the rest of a longer text is extrapolated from this prefix. */
const EXACT_CHARS = 64 * 1024;
/** Pending stream text is tokenized once it grows past this many characters. */
const STREAM_FLUSH_CHARS = 4 * 1024;

// Special-token text such as "<|endoftext|>" is counted as plain text instead of throwing.
const plainText = { disallowedSpecial: new Set<string>() };

/**
 * Counts tokens of a text with the o200k tokenizer. Texts longer than 64 KiB are extrapolated
 * from their first 64 KiB so that one huge prompt cannot block the event loop for long.
 */
export function countTextTokens(text: string): number {
  if (text.length === 0) return 0;
  if (text.length <= EXACT_CHARS) return countTokens(text, plainText);
  const head = countTokens(text.slice(0, EXACT_CHARS), plainText);
  return Math.ceil((head * text.length) / EXACT_CHARS);
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function jsonTokens(v: unknown): number {
  return v === undefined ? 0 : countTextTokens(typeof v === 'string' ? v : JSON.stringify(v));
}

/** Tokens of message content in any of the three formats: a string, a part, or a list of parts. */
function contentTokens(content: unknown): number {
  if (typeof content === 'string') return countTextTokens(content);
  if (Array.isArray(content)) {
    let total = 0;
    for (const part of content) total += contentTokens(part);
    return total;
  }
  if (!isObj(content)) return 0;
  if (typeof content.text === 'string') return countTextTokens(content.text);
  const type = content.type;
  if (type === 'image_url' || type === 'image') return TOKENS_PER_IMAGE;
  if (isObj(content.inlineData) || isObj(content.fileData)) return TOKENS_PER_IMAGE;
  if (type === 'tool_use') return countTextTokens(str(content.name)) + jsonTokens(content.input);
  if (type === 'tool_result') return contentTokens(content.content);
  if (isObj(content.functionCall)) return jsonTokens(content.functionCall);
  if (isObj(content.functionResponse)) return jsonTokens(content.functionResponse);
  return 0;
}

function openAIMessageTokens(message: unknown): number {
  if (!isObj(message)) return 0;
  let total = TOKENS_PER_MESSAGE + contentTokens(message.content);
  if (typeof message.name === 'string') total += 1 + countTextTokens(message.name);
  if (Array.isArray(message.tool_calls)) total += jsonTokens(message.tool_calls);
  return total;
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/**
 * Estimates the prompt tokens of a client request (OpenAI chat, Anthropic Messages or Gemini
 * generateContent body): message texts, a per-message overhead, images and tool definitions.
 */
export function estimatePromptTokens(
  format: 'openai' | 'anthropic' | 'gemini',
  body: unknown,
): number {
  if (!isObj(body)) return 0;
  let total = TOKENS_PER_REPLY;
  if (format === 'openai') {
    for (const m of list(body.messages)) total += openAIMessageTokens(m);
    if (typeof body.prompt === 'string' || Array.isArray(body.prompt)) {
      total += contentTokens(body.prompt);
    }
    total += jsonTokens(body.tools ?? body.functions);
  } else if (format === 'anthropic') {
    if (body.system !== undefined) total += TOKENS_PER_MESSAGE + contentTokens(body.system);
    for (const m of list(body.messages)) {
      total += TOKENS_PER_MESSAGE + (isObj(m) ? contentTokens(m.content) : 0);
    }
    total += jsonTokens(body.tools);
  } else {
    const system = isObj(body.systemInstruction) ? body.systemInstruction.parts : undefined;
    if (system !== undefined) total += TOKENS_PER_MESSAGE + contentTokens(system);
    for (const c of list(body.contents)) {
      total += TOKENS_PER_MESSAGE + (isObj(c) ? contentTokens(c.parts) : 0);
    }
    total += jsonTokens(body.tools);
  }
  return total;
}

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13;

/** Counts the tokens of streamed text without keeping the whole text. */
export interface StreamTokenCounter {
  /** Adds a piece of delivered text. */
  add(text: string): void;
  /** Adds a fixed number of tokens (for example per tool call). */
  addTokens(n: number): void;
  /** Tokens counted so far, including the pending tail. */
  count(): number;
}

/**
 * Creates a counter that keeps at most a few KiB of pending text: completed pieces are cut at
 * a whitespace boundary and tokenized as the stream goes, so memory stays flat on long streams
 * and short answers are only tokenized if the count is asked for. `count` is replaceable for tests.
 */
export function createStreamTokenCounter(
  count: (text: string) => number = countTextTokens,
): StreamTokenCounter {
  let pending = '';
  let counted = 0;
  return {
    add(text) {
      pending += text;
      if (pending.length < STREAM_FLUSH_CHARS) return;
      // Cut before the last whitespace so the tail starts a new word, as the tokenizer splits.
      let cut = pending.length - 1;
      while (cut > STREAM_FLUSH_CHARS / 2 && !isSpace(pending.charCodeAt(cut))) cut--;
      if (cut <= STREAM_FLUSH_CHARS / 2) cut = pending.length;
      counted += count(pending.slice(0, cut));
      pending = pending.slice(cut);
    },
    addTokens(n) {
      counted += n;
    },
    count() {
      return counted + count(pending);
    },
  };
}
