import type { UsableGroupMap } from '@gateway/shared';
import { effectiveGroupRatio } from '../../billing/pricing.js';
import { groupRatio } from '../../config/settings/groups/billing.js';
import { userUsableGroups } from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';
import { channelGroupLists } from '../../db/queries/channel-tags.js';
import { usableGroups } from './usable-groups.js';

/** Groups with descriptions, priced for a user of `userGroup` (empty = a visitor). */
function withRatios(
  ctx: AppContext,
  groups: Readonly<Record<string, string>>,
  userGroup: string,
): UsableGroupMap {
  return Object.fromEntries(
    Object.entries(groups).map(([group, desc]) => [
      group,
      { ratio: effectiveGroupRatio(ctx.settings, group, userGroup), desc: desc || group },
    ]),
  );
}

/** The groups a user may route keys through, with the ratio each costs this user. */
export const usableGroupInfo = (
  ctx: AppContext,
  user: { group: string; level: string },
): UsableGroupMap => withRatios(ctx, usableGroups(ctx, user), user.group);

/** The groups offered to every user (`UserUsableGroups`), at their plain ratios. */
export const defaultGroupInfo = (ctx: AppContext): UsableGroupMap =>
  withRatios(ctx, ctx.settings.get(userUsableGroups), '');

/** Every group name: those with a ratio and those channels serve, sorted. */
export async function allGroupNames(ctx: AppContext): Promise<string[]> {
  const names = new Set(Object.keys(ctx.settings.get(groupRatio)));
  for (const list of await channelGroupLists(ctx.db)) {
    for (const group of list.split(',')) if (group.trim()) names.add(group.trim());
  }
  return [...names].sort();
}

/** Models with an enabled channel in any group the user may use, sorted (routing index). */
export function modelsForUser(ctx: AppContext, user: { group: string; level: string }): string[] {
  const models = new Set<string>();
  for (const group of Object.keys(usableGroups(ctx, user))) {
    for (const model of ctx.channels.modelsForGroup(group)) models.add(model);
  }
  return [...models].sort();
}
