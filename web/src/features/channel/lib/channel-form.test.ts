import type { ChannelItem } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import {
  keyLines,
  mergeSetting,
  toChannelForm,
  toChannelInput,
  toChannelUpdate,
} from './channel-form';
import { checkJsonObject, formatJson } from './json-text';

const stored: ChannelItem = {
  id: 7,
  type: 3,
  status: 1,
  name: 'azure',
  weight: 2,
  priority: 5,
  created_time: 0,
  test_time: 0,
  response_time: 0,
  base_url: 'https://x.openai.azure.com',
  other: '',
  balance: 0,
  balance_updated_time: 0,
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default,vip',
  used_quota: 0,
  model_mapping: '{"a":"b"}',
  status_code_mapping: '',
  auto_ban: 1,
  other_info: '',
  tag: 't',
  setting: '{"proxy":"http://p:1","organization":"org"}',
  test_model: '',
  remark: '',
  max_concurrency: 4,
  max_rpm: 0,
};

describe('channel form', () => {
  it('splits lists and takes the proxy out of the extra settings', () => {
    const form = toChannelForm(stored);
    expect(form.models).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(form.groups).toEqual(['default', 'vip']);
    expect(form.proxy).toBe('http://p:1');
    expect(JSON.parse(form.setting)).toEqual({ organization: 'org' });
  });

  it('defaults the Azure API version and merges the proxy back', () => {
    const input = toChannelInput({ ...toChannelForm(stored), key: ' k ' });
    expect(input.other).toBe('2023-03-15-preview');
    expect(JSON.parse(input.setting ?? '')).toEqual({ organization: 'org', proxy: 'http://p:1' });
    expect(input.key).toBe('k');
    expect(mergeSetting('', '')).toBe('');
  });

  it('keeps the stored key and state unless changed', () => {
    const update = toChannelUpdate(7, toChannelForm(stored), stored);
    expect(update).not.toHaveProperty('key');
    expect(update).not.toHaveProperty('status');
    const disabled = toChannelUpdate(7, { ...toChannelForm(stored), enabled: false }, stored);
    expect(disabled.status).toBe(2);
  });

  it('reads key lines', () => {
    expect(keyLines('a\n\n b \n')).toEqual(['a', 'b']);
  });
});

describe('JSON editors', () => {
  it('accepts empty text and objects of the right values', () => {
    expect(checkJsonObject('', 'mapping')).toBeNull();
    expect(checkJsonObject('{"a":"b"}', 'mapping')).toBeNull();
    expect(checkJsonObject('{"a":1}', 'mapping')).toBe('notStrings');
    expect(checkJsonObject('[1]', 'object')).toBe('notObject');
    expect(checkJsonObject('{', 'object')).toBe('syntax');
    expect(checkJsonObject('{"400":"500"}', 'statusCodes')).toBeNull();
    expect(checkJsonObject('{"400":"abc"}', 'statusCodes')).toBe('statusCodes');
    expect(formatJson('{"a":1}')).toBe('{\n  "a": 1\n}');
  });
});
