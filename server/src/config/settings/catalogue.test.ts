import { settingCatalogue } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { allSettings } from './index.js';

describe('settings catalogue', () => {
  it('has exactly the settings the server defines, with the same secret flags', () => {
    expect([...allSettings.keys()].sort()).toEqual(Object.keys(settingCatalogue).sort());
    for (const [key, spec] of Object.entries(settingCatalogue)) {
      expect(allSettings.get(key)?.secret, key).toBe('secret' in spec && spec.secret);
    }
  });

  it('refuses a number past its bounds and past the safe-integer range', () => {
    const port = allSettings.get('SMTPPort')!;
    expect(port.parse('65535')).toBe(65535);
    expect(() => port.parse('65536')).toThrow();
    const newUserQuota = allSettings.get('QuotaForNewUser')!;
    expect(newUserQuota.parse(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => newUserQuota.parse('9007199254740993')).toThrow();
  });
});
