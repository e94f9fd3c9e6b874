import type { ChannelFixResult } from '@gateway/shared';
import type { AppContext } from '../../context.js';

/** Models served by at least one enabled channel (what the routing index routes), sorted. */
export function listEnabledModels(ctx: AppContext): string[] {
  return ctx.channels.enabledModels();
}

/**
 * Rebuilds the routing index on every instance from the channels table and reports what it
 * holds: channels read, enabled channels, and group × model × channel routes.
 */
export async function rebuildRoutingIndex(ctx: AppContext): Promise<ChannelFixResult> {
  await ctx.channels.refresh();
  const { channels, enabled, routes } = ctx.channels.summary();
  return { success: channels, fails: 0, enabled, abilities: routes };
}
