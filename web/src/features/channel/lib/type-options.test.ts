import { describe, expect, it } from 'vitest';
import type { ServedChannelType } from '@gateway/shared';
import { baseUrlRule, isServed, typeOptions } from './type-options';

const served: ServedChannelType[] = [
  { type: 8, name: 'Custom', base_url: '', base_url_required: true, format: 'openai' },
  {
    type: 1,
    name: 'OpenAI',
    base_url: 'https://api.openai.com',
    base_url_required: false,
    format: 'openai',
  },
  {
    type: 14,
    name: 'Anthropic',
    base_url: 'https://api.anthropic.com',
    base_url_required: false,
    format: 'anthropic',
  },
];

describe('channel type picker', () => {
  it('offers only the served types, by name, searchable by id', () => {
    expect(typeOptions(served, 1)).toEqual([
      { value: 14, label: 'Anthropic (14)', served: true },
      { value: 8, label: 'Custom (8)', served: true },
      { value: 1, label: 'OpenAI (1)', served: true },
    ]);
  });

  it("keeps a stored channel's unserved type, marked, at the end", () => {
    const options = typeOptions(served, 2);
    expect(options).toHaveLength(4);
    expect(options[3]).toEqual({ value: 2, label: 'Midjourney Proxy (2)', served: false });
    expect(typeOptions(served, 999)[3]).toEqual({ value: 999, label: '#999 (999)', served: false });
    expect(isServed(served, 2)).toBe(false);
    expect(isServed(served, 8)).toBe(true);
  });

  it('shows the current type while the served list loads, without calling it unserved', () => {
    expect(typeOptions(undefined, 2)).toEqual([
      { value: 2, label: 'Midjourney Proxy (2)', served: true },
    ]);
    expect(isServed(undefined, 2)).toBe(true);
    expect(typeOptions(undefined, undefined)).toEqual([]);
  });

  it('takes the address rules from the served list, requiring nothing while it loads', () => {
    expect(baseUrlRule(served, 8)).toEqual({ required: true, defaultUrl: undefined });
    expect(baseUrlRule(served, 1)).toEqual({
      required: false,
      defaultUrl: 'https://api.openai.com',
    });
    expect(baseUrlRule(undefined, 3)).toEqual({ required: false, defaultUrl: undefined });
  });
});
