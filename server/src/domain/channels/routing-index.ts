import { ChannelStatus, type ChannelFixResult } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { enabledModelLists } from '../../db/queries/channel-tags.js';
import { toCachedChannel } from '../../relay/select-channel.js';

/** Models served by at least one enabled channel (what the routing index routes), sorted. */
export async function listEnabledModels(ctx: AppContext): Promise<string[]> {
  const models = new Set<string>();
  for (const list of await enabledModelLists(ctx.db)) {
    for (const model of list.split(',')) if (model.trim()) models.add(model.trim());
  }
  return [...models].sort();
}

/**
 * Rebuilds the routing index on every instance from the channels table and reports what it
 * holds: channels read, enabled channels, and group × model × channel routes.
 */
export async function rebuildRoutingIndex(ctx: AppContext): Promise<ChannelFixResult> {
  await ctx.channels.refresh();
  const rows = await ctx.db.selectFrom('channels').selectAll().execute();
  let enabled = 0;
  let abilities = 0;
  for (const row of rows) {
    if (row.status !== ChannelStatus.enabled) continue;
    const channel = toCachedChannel(row);
    enabled++;
    abilities += channel.groups.length * channel.models.length;
  }
  return { success: rows.length, fails: 0, enabled, abilities };
}
