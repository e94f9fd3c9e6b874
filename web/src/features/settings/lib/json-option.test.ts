import { describe, expect, it } from 'vitest';
import { formatJson, jsonOptionError } from './json-option';

describe('jsonOptionError', () => {
  it('rejects text that is not JSON', () => {
    expect(jsonOptionError('{"gpt-4": 15', 'ratioMap')).toBe('json.invalid');
  });

  it('wants ratio maps of non-negative numbers', () => {
    expect(jsonOptionError('{"gpt-4": 15, "gpt-3.5": 0.25}', 'ratioMap')).toBeNull();
    expect(jsonOptionError('{}', 'ratioMap')).toBeNull();
    expect(jsonOptionError('{"gpt-4": "15"}', 'ratioMap')).toBe('json.ratioMap');
    expect(jsonOptionError('{"gpt-4": -1}', 'ratioMap')).toBe('json.ratioMap');
    expect(jsonOptionError('[1, 2]', 'ratioMap')).toBe('json.ratioMap');
  });

  it('wants the FAQ as a list of questions with answers', () => {
    expect(jsonOptionError('[{"question": "Why?", "answer": "Because."}]', 'faq')).toBeNull();
    expect(jsonOptionError('[]', 'faq')).toBeNull();
    expect(jsonOptionError('[{"question": "", "answer": "x"}]', 'faq')).toBe('json.faq');
    expect(jsonOptionError('{"question": "Why?"}', 'faq')).toBe('json.faq');
  });

  it('wants chats as a list of name → URL maps', () => {
    expect(jsonOptionError('[{"ChatGPT Next": "https://x/#/?key={key}"}]', 'chats')).toBeNull();
    expect(jsonOptionError('[{"a": 1}]', 'chats')).toBe('json.chats');
  });
});

describe('formatJson', () => {
  it('pretty-prints valid JSON and leaves the rest', () => {
    expect(formatJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatJson('{bad')).toBe('{bad');
  });
  it('checks model fallback lists', () => {
    expect(jsonOptionError('{"gpt-4o": ["gpt-4o-mini"]}', 'fallbackMap')).toBeNull();
    expect(jsonOptionError('{"gpt-4o": ["gpt-4o"]}', 'fallbackMap')).toBe('json.fallbackMap');
    expect(jsonOptionError('{"gpt-4o": "gpt-4o-mini"}', 'fallbackMap')).toBe('json.fallbackMap');
    expect(jsonOptionError('{"a": ["b", "c", "d", "e", "f", "g"]}', 'fallbackMap')).toBe(
      'json.fallbackMap',
    );
  });
  it('checks sticky routing rules', () => {
    const rule = { name: 'codex', header: 'session_id', ttl_seconds: 600 };
    expect(jsonOptionError(JSON.stringify([rule]), 'stickyRules')).toBeNull();
    expect(jsonOptionError(JSON.stringify([{ ...rule, body: 'a.b' }]), 'stickyRules')).toBe(
      'json.stickyRules',
    );
    expect(jsonOptionError(JSON.stringify([{ name: 'x' }]), 'stickyRules')).toBe(
      'json.stickyRules',
    );
    expect(jsonOptionError('{}', 'stickyRules')).toBe('json.stickyRules');
  });
});
