import { describe, expect, it } from 'vitest';
import { toEditTagRequest } from './tag-edit';

describe('tag editor', () => {
  it('sends only the filled-in fields', () => {
    expect(toEditTagRequest('pool', { priority: 5, models: [], groups: [] })).toEqual({
      tag: 'pool',
      priority: 5,
    });
    expect(
      toEditTagRequest('pool', {
        new_tag: ' pool2 ',
        priority: 0,
        weight: 3,
        models: ['gpt-4o', ' gpt-4o ', 'o3'],
        groups: ['default', 'vip'],
        model_mapping: ' {"a":"b"} ',
      }),
    ).toEqual({
      tag: 'pool',
      new_tag: 'pool2',
      priority: 0,
      weight: 3,
      models: 'gpt-4o,o3',
      groups: 'default,vip',
      model_mapping: '{"a":"b"}',
    });
  });

  it('answers null when nothing would change', () => {
    expect(toEditTagRequest('pool', {})).toBeNull();
    expect(
      toEditTagRequest('pool', {
        new_tag: 'pool',
        priority: null,
        weight: null,
        models: [],
        groups: [' '],
        model_mapping: '  ',
      }),
    ).toBeNull();
  });
});
