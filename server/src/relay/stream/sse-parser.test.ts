import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser.js';

function parseAll(chunks: (string | Buffer)[]): [string, string][] {
  const events: [string, string][] = [];
  const parser = createSseParser((event, data) => events.push([event, data]));
  for (const c of chunks) parser.push(c);
  parser.end();
  return events;
}

describe('createSseParser', () => {
  it('parses data-only events and named events', () => {
    const text = 'data: {"a":1}\n\nevent: ping\ndata: {"type":"ping"}\n\ndata: [DONE]\n\n';
    expect(parseAll([text])).toEqual([
      ['', '{"a":1}'],
      ['ping', '{"type":"ping"}'],
      ['', '[DONE]'],
    ]);
  });

  it('handles CRLF (Gemini) and CR line ends', () => {
    expect(parseAll(['data: {"x":1}\r\n\r\ndata: {"x":2}\r\r'])).toEqual([
      ['', '{"x":1}'],
      ['', '{"x":2}'],
    ]);
  });

  it('reassembles events split at any byte, including inside CRLF and UTF-8 characters', () => {
    const text = 'event: a\r\ndata: héllo 🌍\r\n\r\ndata: second\r\n\r\n';
    const bytes = Buffer.from(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const events = parseAll([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(events, `cut at ${cut}`).toEqual([
        ['a', 'héllo 🌍'],
        ['', 'second'],
      ]);
    }
  });

  it('joins multi-line data, ignores comments and fields it does not use', () => {
    const text =
      ': keep-alive\nid: 7\nretry: 10\ndata: line1\ndata: line2\n\n: OPENROUTER PROCESSING\n\n';
    expect(parseAll([text])).toEqual([['', 'line1\nline2']]);
  });

  it('keeps the value without stripping more than one space, and allows no space', () => {
    expect(parseAll(['data:x\n\ndata:  y\n\n'])).toEqual([
      ['', 'x'],
      ['', ' y'],
    ]);
  });

  it('dispatches a final event that has no trailing blank line', () => {
    expect(parseAll(['data: {"last":true}'])).toEqual([['', '{"last":true}']]);
  });

  it('resets the event name after each event', () => {
    expect(parseAll(['event: x\ndata: 1\n\ndata: 2\n\n'])).toEqual([
      ['x', '1'],
      ['', '2'],
    ]);
  });
});
