import { describe, expect, it } from 'vitest';
import {
  forEachStringField,
  hasEmptyArrayField,
  hasObjectField,
  readStringField,
} from './json-scan.js';

const collect = (text: string, key: string): string[] => {
  const out: string[] = [];
  forEachStringField(text, key, (v) => out.push(v));
  return out;
};

describe('json-scan', () => {
  it('reads every string value of a key, decoding escapes', () => {
    const text = JSON.stringify({
      choices: [{ delta: { content: 'a "quoted" \\ line\nnext' } }, { delta: { content: 'b' } }],
    });
    expect(collect(text, 'content')).toEqual(['a "quoted" \\ line\nnext', 'b']);
  });

  it('skips non-string values and the key text inside string values', () => {
    const text = '{"note":"the \\"content\\": \\"x\\" text","content":null,"x":{"content":"real"}}';
    expect(collect(text, 'content')).toEqual(['real']);
  });

  it('accepts spaces around the colon (Python json.dumps style)', () => {
    expect(readStringField('{"id": "chatcmpl-1", "model" : "m"}', 'model')).toBe('m');
    expect(readStringField('{"id": "chatcmpl-1"}', 'model')).toBeUndefined();
  });

  it('detects an object-valued usage but not a null one', () => {
    expect(hasObjectField('{"usage":null}', 'usage')).toBe(false);
    expect(hasObjectField('{"usage": {"prompt_tokens":1}}', 'usage')).toBe(true);
    expect(hasObjectField('{"content":"\\"usage\\":{"}', 'usage')).toBe(false);
  });

  it('detects an empty array', () => {
    expect(hasEmptyArrayField('{"choices":[],"usage":{}}', 'choices')).toBe(true);
    expect(hasEmptyArrayField('{"choices": [ ]}', 'choices')).toBe(true);
    expect(hasEmptyArrayField('{"choices":[{"index":0}]}', 'choices')).toBe(false);
  });
});
