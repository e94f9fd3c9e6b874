import { describe, expect, it } from 'vitest';
import { presentedKey } from './presented-key.js';

const key = 'a'.repeat(48);
const from = (headers: Record<string, string>, query?: Record<string, string>) => ({
  headers,
  query,
});

describe('presentedKey', () => {
  it('reads the bearer token first for OpenAI clients, then the other headers and ?key=', () => {
    expect(presentedKey(from({ authorization: `Bearer sk-${key}` }), 'openai')).toEqual({
      key,
      channelId: null,
    });
    expect(presentedKey(from({ authorization: `bearer ${key}` }), 'openai')?.key).toBe(key);
    expect(presentedKey(from({ 'x-api-key': `sk-${key}` }), 'openai')?.key).toBe(key);
    expect(presentedKey(from({}, { key: `sk-${key}` }), 'openai')?.key).toBe(key);
    expect(presentedKey(from({ authorization: '' }), 'openai')).toBeNull();
  });

  it("puts each client's own header first", () => {
    const both = { authorization: 'Bearer sk-other', 'x-api-key': `sk-${key}` };
    expect(presentedKey(from(both), 'anthropic')?.key).toBe(key);
    expect(presentedKey(from(both), 'openai')?.key).toBe('other');
    const gemini = { authorization: 'Bearer sk-other', 'x-goog-api-key': key };
    expect(presentedKey(from(gemini), 'gemini')?.key).toBe(key);
  });

  it('takes a Midjourney-Proxy secret when Authorization is empty or its placeholder', () => {
    expect(presentedKey(from({ 'mj-api-secret': `sk-${key}` }), 'openai')?.key).toBe(key);
    const placeholder = { authorization: 'midjourney-proxy', 'mj-api-secret': `sk-${key}` };
    expect(presentedKey(from(placeholder), 'openai')?.key).toBe(key);
    const bearer = { authorization: 'Bearer sk-first', 'mj-api-secret': `sk-${key}` };
    expect(presentedKey(from(bearer), 'openai')?.key).toBe('first');
  });

  it('reads a pinned channel only when it is a number', () => {
    expect(presentedKey(from({ authorization: `Bearer sk-${key}-12` }), 'openai')).toEqual({
      key,
      channelId: 12,
    });
    expect(presentedKey(from({ authorization: `Bearer sk-${key}-x1` }), 'openai')).toEqual({
      key,
      channelId: null,
    });
  });
});
