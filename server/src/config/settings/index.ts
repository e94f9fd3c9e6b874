import type { SettingDef } from './define.js';
import * as auth from './groups/auth.js';
import * as billing from './groups/billing.js';
import * as content from './groups/content.js';
import * as email from './groups/email.js';
import * as general from './groups/general.js';
import * as logs from './groups/logs.js';
import * as operation from './groups/operation.js';
import * as quota from './groups/quota.js';
import * as wxpusher from './groups/wxpusher.js';

/** Every setting group; a new group is one import and one entry here. */
const groups: Array<Record<string, SettingDef<unknown>>> = [
  general,
  content,
  logs,
  operation,
  billing,
  auth,
  quota,
  email,
  wxpusher,
];

function indexByKey(): Map<string, SettingDef<unknown>> {
  const byKey = new Map<string, SettingDef<unknown>>();
  for (const def of groups.flatMap((group) => Object.values(group))) {
    // Two groups claiming one key would silently shadow each other: fail at boot instead.
    if (byKey.has(def.key)) throw new Error(`Setting ${def.key} is defined in two groups`);
    byKey.set(def.key, def);
  }
  return byKey;
}

/** Every known setting by stored key. */
export const allSettings: ReadonlyMap<string, SettingDef<unknown>> = indexByKey();
