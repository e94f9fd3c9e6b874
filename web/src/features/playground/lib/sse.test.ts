import { describe, expect, it } from 'vitest';
import { createSseParser, readChatChunk } from './sse';

describe('createSseParser', () => {
  it('joins events split across chunks and skips comments', () => {
    const seen: string[] = [];
    const parser = createSseParser((d) => seen.push(d));
    parser.push(': keep-alive\n\ndata: {"a"');
    parser.push(':1}\n\ndata: [DONE]\r\n\r\n');
    parser.push('data: tail');
    parser.end();
    expect(seen).toEqual(['{"a":1}', '[DONE]', 'tail']);
  });
});

describe('readChatChunk', () => {
  it('reads deltas, reasoning, usage and errors', () => {
    expect(readChatChunk({ choices: [{ delta: { content: 'Hi' } }] }).content).toBe('Hi');
    expect(readChatChunk({ choices: [{ delta: { reasoning_content: 'hm' } }] }).reasoning).toBe(
      'hm',
    );
    expect(readChatChunk({ choices: [], usage: { total_tokens: 3 } }).usage?.total_tokens).toBe(3);
    expect(readChatChunk({ error: { message: 'no' } }).error).toBe('no');
    expect(readChatChunk({ choices: [{ message: { content: 'whole' } }] }).content).toBe('whole');
  });
});
