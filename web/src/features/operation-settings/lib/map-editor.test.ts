import { describe, expect, it } from 'vitest';
import { isStatusRanges, mapOfJson, mapOfRows, rowsOf, sameMap, serializeMap } from './map-editor';

describe('ratio map editor', () => {
  it('reads stored JSON into sorted rows', () => {
    expect(rowsOf('{"b":2,"a":1}')?.map((r) => r.name)).toEqual(['a', 'b']);
    expect(rowsOf('[1]')).toBeNull();
    expect(rowsOf('nope')).toBeNull();
  });

  it('validates the table view', () => {
    expect(mapOfRows([{ id: 1, name: 'gpt', value: 1.5 }], 'number').map).toEqual({ gpt: 1.5 });
    expect(mapOfRows([{ id: 1, name: ' ', value: 1 }], 'number').problem?.error).toBe('emptyName');
    expect(
      mapOfRows(
        [
          { id: 1, name: 'a', value: 1 },
          { id: 2, name: 'a', value: 2 },
        ],
        'number',
      ).problem,
    ).toEqual({ error: 'duplicate', name: 'a' });
    expect(mapOfRows([{ id: 1, name: 'a', value: -1 }], 'number').problem?.error).toBe('badValue');
    expect(mapOfRows([{ id: 1, name: 'vip', value: 'VIP' }], 'text').map).toEqual({ vip: 'VIP' });
  });

  it('validates the JSON view', () => {
    expect(mapOfJson('{"a": 0.5}', 'number').map).toEqual({ a: 0.5 });
    expect(mapOfJson('{"a": "x"}', 'number').problem).toEqual({ error: 'badValue', name: 'a' });
    expect(mapOfJson('{', 'number').problem?.error).toBe('syntax');
    expect(mapOfJson('[]', 'number').problem?.error).toBe('notObject');
  });

  it('serialises sorted and compares maps', () => {
    expect(serializeMap({ b: 1, a: 2 })).toBe('{\n  "a": 2,\n  "b": 1\n}');
    expect(sameMap('{"a":1,"b":2}', '{"b":2,"a":1}')).toBe(true);
  });

  it('checks status code ranges', () => {
    expect(isStatusRanges('401,403-404,500-599')).toBe(true);
    expect(isStatusRanges('')).toBe(true);
    expect(isStatusRanges('404-403')).toBe(false);
    expect(isStatusRanges('abc')).toBe(false);
  });
});
