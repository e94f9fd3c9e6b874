import type { AppContext } from '../../context.js';
import { updateUserColumns } from '../../db/queries/users.js';
import { randomAlphanumeric } from '../../lib/random.js';

/** Creates or replaces the user's personal access token and returns it (shown once). */
export async function rotateAccessToken(ctx: AppContext, userId: number): Promise<string> {
  const token = randomAlphanumeric(32);
  await updateUserColumns(ctx.db, userId, { access_token: token });
  return token;
}
