import { userUsableGroups } from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';

/** What deciding a user's groups needs: the settings and the levels. */
type GroupSources = Pick<AppContext, 'settings' | 'levels'>;
/** The user as far as groups go. */
interface GroupUser {
  group: string;
  level: string;
}

/**
 * The groups a user may route a key through, with their descriptions: the user's level's
 * supported groups when it names any, else the `UserUsableGroups` setting; plus the user's
 * own group.
 */
export function usableGroups(ctx: GroupSources, user: GroupUser): Record<string, string> {
  const offered = ctx.settings.get(userUsableGroups);
  const levelGroups = ctx.levels.get(user.level).groups;
  const groups: Record<string, string> = levelGroups.length
    ? Object.fromEntries(levelGroups.map((g) => [g, Object.hasOwn(offered, g) ? offered[g] : g]))
    : { ...offered };
  if (user.group && !(user.group in groups)) groups[user.group] = user.group;
  return groups;
}

/**
 * Whether `group` is usable by the user, without copying anything: the relay asks this on
 * every request. Only own keys count (a group named like an Object method is not usable).
 */
export function isUsableGroup(ctx: GroupSources, user: GroupUser, group: string): boolean {
  if (group === user.group) return true;
  const levelGroups = ctx.levels.get(user.level).groups;
  return levelGroups.length
    ? levelGroups.includes(group)
    : Object.hasOwn(ctx.settings.get(userUsableGroups), group);
}
