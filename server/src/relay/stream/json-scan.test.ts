import { describe, expect, it } from 'vitest';
import { createFieldScanner, hasEmptyArrayField, readStringField } from './json-scan.js';

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
