import { userUsableGroups } from '../../config/settings/groups/operation.js';
import type { Settings } from '../../config/settings/store.js';

/**
 * The groups a user may route a key through, with their descriptions: the `UserUsableGroups`
 * setting plus the user's own group.
 */
export function usableGroups(settings: Settings, user: { group: string }): Record<string, string> {
  const groups = { ...settings.get(userUsableGroups) };
  if (user.group && !(user.group in groups)) groups[user.group] = user.group;
  return groups;
}

/**
 * Whether `group` is usable by the user, without copying the setting: the relay asks this on
 * every request. Only own keys count (a group named like an Object method is not usable).
 */
export function isUsableGroup(settings: Settings, user: { group: string }, group: string): boolean {
  return group === user.group || Object.hasOwn(settings.get(userUsableGroups), group);
}
