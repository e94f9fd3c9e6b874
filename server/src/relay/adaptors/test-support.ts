/** Helpers for adaptor tests: fixture loading and SSE parsing. Not used at run time. */
import { readFileSync } from 'node:fs';
import { createSseParser } from '../stream/sse-parser.js';

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

/** Feeds text to a push/end pair in pieces of `size` bytes, returning all output. */
export function feedInPieces(
  t: { push(chunk: Buffer): string; end(): string },
  text: string,
  size: number,
): string {
  const bytes = Buffer.from(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += size) out += t.push(bytes.subarray(i, i + size));
  return out + t.end();
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
