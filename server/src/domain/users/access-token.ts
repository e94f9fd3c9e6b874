import type { AppContext } from '../../context.js';
import { randomAlphanumeric } from '../../lib/random.js';

/** Creates or replaces the user's personal access token and returns it (shown once). */
export async function rotateAccessToken(ctx: AppContext, userId: number): Promise<string> {
  const token = randomAlphanumeric(32);
  await ctx.db.updateTable('users').set({ access_token: token }).where('id', '=', userId).execute();
  return token;
}
