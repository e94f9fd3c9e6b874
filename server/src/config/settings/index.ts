import type { SettingDef } from './define.js';
import * as general from './groups/general.js';

/** Every setting group; a new group is one import and one entry here. */
const groups: Array<Record<string, SettingDef<unknown>>> = [general];

/** Every known setting by stored key. */
export const allSettings: ReadonlyMap<string, SettingDef<unknown>> = new Map(
  groups.flatMap((group) => Object.values(group).map((def) => [def.key, def] as const)),
);
