import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { parseModelMap } from './model-map';

const t = ((key: string) => key) as unknown as TFunction<'levels'>;

describe('parseModelMap', () => {
  it('reads model maps and refuses anything else with the parse message', () => {
    expect(parseModelMap('{"gpt-4o": 3}', t)).toEqual({ 'gpt-4o': 3 });
    expect(parseModelMap('  ', t)).toEqual({});
    for (const bad of ['[1]', '{"a": "x"}', '{"a": -1}', '{', '3', '{"": 1}']) {
      expect(() => parseModelMap(bad, t), bad).toThrow('rules.parse');
    }
  });
});
