import type { OptionItem } from '@gateway/shared';
import { isSecretKey } from '../../config/settings/define.js';
import type { Settings } from '../../config/settings/store.js';

/**
 * Every setting for the settings page: known ones with their stored value or default, plus
 * stored keys no group defines; secrets are left out.
 */
export function listOptions(settings: Settings): OptionItem[] {
  const values = new Map<string, string>();
  for (const def of settings.defs.values()) {
    if (!def.secret) values.set(def.key, def.serialize(def.defaultValue));
  }
  for (const [key, value] of settings.entries()) {
    const secret = settings.defs.get(key)?.secret ?? isSecretKey(key);
    if (!secret) values.set(key, value);
  }
  return [...values.keys()].sort().map((key) => ({ key, value: values.get(key) ?? '' }));
}
