import { describe, expect, it } from 'vitest';
import {
  createDeferredScan,
  createFieldScanner,
  createObjectKeyFinder,
  hasEmptyArrayField,
  readStringField,
  topLevelValues,
  valueEnd,
} from './json-scan.js';

const scan = (text: string, keys: string[], objectKey = ''): [string[], boolean] => {
  const seen: string[] = [];
  const found = createFieldScanner(keys, objectKey)(text, (k, v) => seen.push(`${k}=${v}`));
  return [seen, found];
};

describe('createFieldScanner', () => {
  it('reads every string value of the keys in one pass, decoding escapes', () => {
    const text = JSON.stringify({
      choices: [
        { delta: { content: 'a "quoted" \\ line\nnext' } },
        { delta: { reasoning_content: 'hmm', content: 'b' } },
      ],
    });
    expect(scan(text, ['content', 'reasoning_content'])).toEqual([
      ['content=a "quoted" \\ line\nnext', 'reasoning_content=hmm', 'content=b'],
      false,
    ]);
  });

  it('skips non-string values and key text inside string values', () => {
    const text = '{"note":"the \\"content\\": \\"x\\" text","content":null,"x":{"content":"real"}}';
    expect(scan(text, ['content'])[0]).toEqual(['content=real']);
  });

  it('accepts spaces around the colon (Python and Gemini style)', () => {
    expect(scan('{"text" : "hi", "usageMetadata": {"a": 1}}', ['text'], 'usageMetadata')).toEqual([
      ['text=hi'],
      true,
    ]);
  });

  it('detects an object-valued key but not a null one, nor one inside a string', () => {
    expect(scan('{"usage":null}', ['content'], 'usage')[1]).toBe(false);
    expect(scan('{"usage":{"prompt_tokens":1}}', ['content'], 'usage')[1]).toBe(true);
    expect(scan('{"content":"\\"usage\\":{"}', ['content'], 'usage')).toEqual([
      ['content=\\"usage\\":{'.replaceAll('\\', '')],
      false,
    ]);
  });

  it('is reusable across texts (no state leaks between calls)', () => {
    const scanner = createFieldScanner(['content']);
    const seen: string[] = [];
    scanner('{"content":"a"}', (_k, v) => seen.push(v));
    scanner('{"content":"b"}', (_k, v) => seen.push(v));
    expect(seen).toEqual(['a', 'b']);
  });
});

describe('readStringField and hasEmptyArrayField', () => {
  it('read the first value', () => {
    expect(readStringField('{"id": "chatcmpl-1", "model" : "m"}', 'model')).toBe('m');
    expect(readStringField('{"id": "chatcmpl-1"}', 'model')).toBeUndefined();
  });

  it('detect an empty array', () => {
    expect(hasEmptyArrayField('{"choices":[],"usage":{}}', 'choices')).toBe(true);
    expect(hasEmptyArrayField('{"choices": [ ]}', 'choices')).toBe(true);
    expect(hasEmptyArrayField('{"choices":[{"index":0}]}', 'choices')).toBe(false);
  });
});

describe('valueEnd', () => {
  it('finds the end of an object or array, strings and nesting skipped', () => {
    const text = 'x{"a":{"b":[1,{}]},"s":"}]\\"{"}y';
    expect(valueEnd(text, 1)).toBe(text.length - 1);
    expect(valueEnd(text, text.indexOf('['))).toBe(text.indexOf(']') + 1);
    expect(valueEnd('{"a":1', 0)).toBe(-1);
    expect(valueEnd('{"a":"}', 0)).toBe(-1);
  });
});

describe('topLevelValues', () => {
  const keys = ['usage', 'choices', 'error'];
  const at = (text: string) => {
    const found = topLevelValues(text, keys);
    return found && Object.fromEntries([...found].map(([k, i]) => [k, text.slice(i, i + 6)]));
  };

  it('finds the values of top-level keys only, past strings that quote them', () => {
    const text = JSON.stringify({
      id: 'a "usage": { b',
      choices: [{ usage: { x: 1 }, message: { content: '} ] "error": 1 \\' } }],
      usage: { prompt_tokens: 3 },
      error: null,
    });
    expect(at(text)).toEqual({ choices: '[{"usa', usage: '{"prom', error: 'null}' });
    expect(at(' \n{ "usage" :  {"a":1} ,"error":[2]}\n')).toEqual({
      usage: '{"a":1',
      error: '[2]}\n',
    });
    // A key given twice is not read: which one counts depends on the parser.
    expect(topLevelValues('{"usage":{},"error":1,"usage":{}}', keys)?.get('usage')).toBe(-1);
    expect(at('{"id":"x"}')).toEqual({});
  });

  it('is null for text that is not one whole object', () => {
    for (const text of ['', '[]', '"usage"', '{"usage":{"a":1}', '{"a":"b}', '{} {}', '{}x']) {
      expect(topLevelValues(text, keys)).toBeNull();
    }
  });
});

describe('createObjectKeyFinder', () => {
  const findUsage = createObjectKeyFinder('usage');
  const mayHoldUsage = (text: string) => findUsage(text) !== -1;

  it('returns where the quoted key starts, from a given index on', () => {
    const text = '{"usage":{},"x":{"usage" : {}}}';
    expect(findUsage(text)).toBe(1);
    expect(findUsage(text, 1)).toBe(1);
    expect(findUsage(text, 2)).toBe(17);
    expect(findUsage(text, 18)).toBe(-1);
    expect(findUsage('usage":{}')).toBe(-1);
    // The tail of a longer key whose quote is escaped: `k"usage`.
    expect(findUsage('{"k\\"usage":{}}')).toBe(-1);
  });

  it('finds an object value with or without JSON whitespace around the colon', () => {
    expect(mayHoldUsage('{"usage":{"prompt_tokens":1}}')).toBe(true);
    expect(mayHoldUsage('{"usage" :\n\t {"prompt_tokens":1}}')).toBe(true);
    expect(mayHoldUsage('{"usage":null,"x":{"usage": {}}}')).toBe(true);
  });

  it('answers false for a null, a string or an absent value, and for a longer key', () => {
    expect(mayHoldUsage('{"usage":null}')).toBe(false);
    expect(mayHoldUsage('{"usage":"{"}')).toBe(false);
    expect(mayHoldUsage('{"usages":{}}')).toBe(false);
    expect(mayHoldUsage('{"choices":[]}')).toBe(false);
    expect(mayHoldUsage('{"usage"')).toBe(false);
  });
});

describe('createDeferredScan', () => {
  const scanner = createFieldScanner(['content']);
  const event = (text: string) => JSON.stringify({ choices: [{ delta: { content: text } }] });

  it('scans nothing until flushed, then every kept event once, in order', () => {
    const seen: string[] = [];
    const deferred = createDeferredScan(scanner, (_k, v) => seen.push(v));
    deferred.later(event('a'));
    deferred.later('');
    deferred.later(event('b'));
    expect(seen).toEqual([]);
    deferred.flush();
    expect(seen).toEqual(['a', 'b']);
    deferred.flush();
    expect(seen).toEqual(['a', 'b']);
  });

  it('scans what it keeps once it holds more than 16 K characters, keeping memory bounded', () => {
    const seen: string[] = [];
    const deferred = createDeferredScan(scanner, (_k, v) => seen.push(v));
    const big = 'x'.repeat(4000);
    for (let i = 0; i < 4; i++) deferred.later(event(big));
    expect(seen).toHaveLength(0);
    deferred.later(event(big));
    expect(seen).toHaveLength(5);
    deferred.later(event('tail'));
    deferred.flush();
    expect(seen).toHaveLength(6);
  });
});
