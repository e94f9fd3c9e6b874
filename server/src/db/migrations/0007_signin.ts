import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/** Third-party id columns: one account per provider identity. */
const providerColumns = ['github_id', 'linuxdo_id', 'wechat_id'] as const;

/**
 * Makes each third-party id unique, so two sign-ins racing for one new GitHub, linux.do or
 * WeChat identity cannot create two accounts (NULLs, i.e. unbound, stay allowed on every
 * engine). The plain GitHub index of 0001 gives way to the unique one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const drop = db.schema.dropIndex('users_github_id');
  await (dialectOf(db) === 'mysql' ? drop.on('users') : drop).execute();
  for (const column of providerColumns) {
    await db.schema
      .createIndex(`users_${column}_unique`)
      .on('users')
      .column(column)
      .unique()
      .execute();
  }
}
