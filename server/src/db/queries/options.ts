import type { Db } from '../client.js';
import { dialectOf } from '../dialect.js';

/** Every stored option. */
export function listOptions(db: Db) {
  return db.selectFrom('options').selectAll().execute();
}

/** The stored value of one option, or undefined. */
export async function findOptionValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('options')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Stores an option, replacing its value when it exists. */
export async function upsertOption(db: Db, key: string, value: string): Promise<void> {
  const insert = db.insertInto('options').values({ key, value });
  await (
    dialectOf(db) === 'mysql'
      ? insert.onDuplicateKeyUpdate({ value })
      : insert.onConflict((oc) => oc.column('key').doUpdateSet({ value }))
  ).execute();
}
