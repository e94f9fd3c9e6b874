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
