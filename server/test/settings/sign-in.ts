import type { AppContext } from '../../src/context.js';
import { randomAlphanumeric } from '../../src/lib/random.js';

/** Request headers that authenticate as a freshly inserted user of `role` (access token). */
export async function headersForNewUser(
  ctx: AppContext,
  role: number,
): Promise<Record<string, string>> {
  const token = randomAlphanumeric(32);
  await ctx.db
    .insertInto('users')
    .values({ username: `u${randomAlphanumeric(8)}`, role, access_token: token })
    .execute();
  const { id } = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('access_token', '=', token)
    .executeTakeFirstOrThrow();
  return { authorization: token, 'new-api-user': String(id) };
}
