/** Helpers for adaptor tests: fixture loading and SSE parsing. Not used at run time. */
import { readFileSync } from 'node:fs';
import { createSseParser } from '../stream/sse-parser.js';
import type { StreamTranslator } from './adaptor.js';

/** Reads a fixture file next to the calling test: `fixture(import.meta.url, 'x.sse')`. */
export function fixture(testUrl: string, name: string): string {
  return readFileSync(new URL(`./__fixtures__/${name}`, testUrl), 'utf8');
}

/** Reads and parses a JSON fixture next to the calling test. */
export function jsonFixture(testUrl: string, name: string): unknown {
  return JSON.parse(fixture(testUrl, name)) as unknown;
}

/** One parsed SSE event: its name ('' when data-only) and its data, JSON-parsed when possible. */
export interface ParsedEvent {
  event: string;
  data: unknown;
}

/** Parses SSE text into events, parsing JSON data. */
export function parseSse(text: string): ParsedEvent[] {
  const events: ParsedEvent[] = [];
  const parser = createSseParser((event, data) => {
    let parsed: unknown = data;
    try {
      parsed = JSON.parse(data);
    } catch {
      // `[DONE]` and other non-JSON data stay strings.
    }
    events.push({ event, data: parsed });
  });
  parser.push(text);
  parser.end();
  return events;
}

/** A translator's output as characters (a pass-through's is bytes as latin1). */
export function textOf(t: Pick<StreamTranslator, 'encoding'>, out: string): string {
  return t.encoding === 'latin1' ? Buffer.from(out, 'latin1').toString('utf8') : out;
}

/** Feeds text to a translator in pieces of `size` bytes, returning all output as text. */
export function feedInPieces(
  t: Pick<StreamTranslator, 'push' | 'end' | 'encoding'>,
  text: string,
  size: number,
): string {
  const bytes = Buffer.from(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += size) out += t.push(bytes.subarray(i, i + size));
  return textOf(t, out + t.end());
}

/**
 * Feeds text in pieces as `feedInPieces` does; returns all output up to the push (or the end)
 * after which the translator first reported the answer complete, or null if it never did.
 */
export function outputUntilComplete(
  t: StreamTranslator,
  text: string,
  size: number,
): string | null {
  const bytes = Buffer.from(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += size) {
    out += t.push(bytes.subarray(i, i + size));
    if (t.complete()) return textOf(t, out);
  }
  out += t.end();
  return t.complete() ? textOf(t, out) : null;
}

/** Replaces volatile values (`created`, generated ids) so answers compare equal. */
export function stable<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => {
      if (key === 'created') return 0;
      if (typeof v === 'string' && /^(chatcmpl-|msg_|call_|toolu_)[A-Za-z0-9_-]{16}$/.test(v)) {
        return `${v.slice(0, v.indexOf(v.startsWith('chatcmpl-') ? '-' : '_') + 1)}*`;
      }
      return v;
    }),
  ) as T;
}
