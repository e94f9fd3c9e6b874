import type { Updateable } from 'kysely';
import type { Db } from '../client.js';
import type { ChannelsTable } from '../schema/index.js';

/** Sets the same values on every channel with `tag`; returns how many channels have it. */
export async function updateChannelsByTag(
  db: Db,
  tag: string,
  values: Updateable<ChannelsTable>,
): Promise<number> {
  const result = await db.updateTable('channels').set(values).where('tag', '=', tag).execute();
  return result.reduce((sum, r) => sum + Number(r.numUpdatedRows), 0);
}

/** The model lists of the channels with `tag`, oldest channel first. */
export async function modelListsByTag(db: Db, tag: string): Promise<string[]> {
  const rows = await db
    .selectFrom('channels')
    .select('models')
    .where('tag', '=', tag)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.models);
}

/** The distinct group lists of all channels (comma separated). */
export async function channelGroupLists(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('channels').select('group').distinct().execute();
  return rows.map((r) => r.group);
}
