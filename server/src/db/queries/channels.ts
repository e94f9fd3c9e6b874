import { ChannelStatus } from '@gateway/shared';
import type { ChannelSortField } from '@gateway/shared';
import type { Insertable, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { Db } from '../client.js';
import { dialectOf } from '../dialect.js';
import { commaListHas, lowerContains } from '../like.js';
import type { ChannelsTable, Database } from '../schema/index.js';

/** A stored channel row, key included. */
export type ChannelRow = Selectable<ChannelsTable>;

/** Filters of the channel list. */
export interface ChannelListFilter {
  page: number;
  pageSize: number;
  status?: number;
  type?: number;
  /** One group of the channel's group list. */
  group?: string;
  tag?: string;
  /** The id exactly, or a substring of the name, base URL or remark. */
  keyword?: string;
  /** A substring of the model list. */
  model?: string;
  /** Newest first instead of by priority. */
  idSort?: boolean;
  /** Column to sort by (ties newest first); takes precedence over `idSort`. */
  sortBy?: ChannelSortField;
  sortOrder?: 'asc' | 'desc';
}

/** The rows of a filtered list in the order asked: by default priority, then newest first. */
function ordered(
  query: SelectQueryBuilder<Database, 'channels', ChannelRow>,
  filter: ChannelListFilter,
): SelectQueryBuilder<Database, 'channels', ChannelRow> {
  if (filter.sortBy) {
    const sorted = query.orderBy(filter.sortBy, filter.sortOrder ?? 'desc');
    return filter.sortBy === 'id' ? sorted : sorted.orderBy('id', 'desc');
  }
  if (filter.idSort) return query.orderBy('id', 'desc');
  return query.orderBy('priority', 'desc').orderBy('id', 'desc');
}

function filtered(db: Db, filter: Omit<ChannelListFilter, 'page' | 'pageSize' | 'type'>) {
  let query = db.selectFrom('channels');
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.group) query = query.where(commaListHas('group', filter.group));
  if (filter.tag) query = query.where('tag', '=', filter.tag);
  if (filter.model) query = query.where(lowerContains('models', filter.model));
  const keyword = filter.keyword;
  if (keyword) {
    const id = /^\d{1,9}$/.test(keyword) ? Number(keyword) : -1;
    query = query.where((eb) =>
      eb.or([
        eb('id', '=', id),
        lowerContains('name', keyword),
        lowerContains('base_url', keyword),
        lowerContains('remark', keyword),
      ]),
    );
  }
  return query;
}

/** One page of channels (without keys), the total, and the count per type before the type filter. */
export async function listChannels(db: Db, filter: ChannelListFilter) {
  const base = filtered(db, filter);
  const query = filter.type === undefined ? base : base.where('type', '=', filter.type);
  const [count, items, byType] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ordered(query.selectAll(), filter)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base
      .select(['type', (eb) => eb.fn.countAll<number>().as('total')])
      .groupBy('type')
      .execute(),
  ]);
  const typeCounts = Object.fromEntries(byType.map((r) => [String(r.type), Number(r.total)]));
  return { total: Number(count.total), items, typeCounts };
}

/** One channel, key included (never send the key to a client). */
export function findChannel(db: Db, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a channel and returns its id (MySQL has no RETURNING). */
export async function insertChannel(db: Db, values: Insertable<ChannelsTable>): Promise<number> {
  const insert = db.insertInto('channels').values(values);
  if (dialectOf(db) === 'postgres') {
    return (await insert.returning('id').executeTakeFirstOrThrow()).id;
  }
  return Number((await insert.executeTakeFirstOrThrow()).insertId);
}

/** Every channel, for the routing index. */
export function listAllChannels(db: Db): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().execute();
}

/** Updates channels by id; returns how many rows matched. */
export async function updateChannels(
  db: Db,
  ids: readonly number[],
  values: Updateable<ChannelsTable>,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.updateTable('channels').set(values).where('id', 'in', ids).execute();
  return result.reduce((sum, r) => sum + Number(r.numUpdatedRows), 0);
}

/** Deletes channels by id; returns how many were deleted. */
export async function deleteChannels(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('channels').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every channel disabled by hand or automatically; returns how many. */
export async function deleteDisabledChannels(db: Db): Promise<number> {
  const result = await db.deleteFrom('channels').where('status', 'in', [2, 3]).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sets the state of every channel with a tag; returns how many changed. */
export async function setStatusByTag(db: Db, tag: string, status: number): Promise<number> {
  const result = await db
    .updateTable('channels')
    .set({ status })
    .where('tag', '=', tag)
    .where('status', '!=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Ids of the channels a test-all run covers: all but those disabled by hand. */
export async function testableChannelIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('channels')
    .select('id')
    .where('status', '!=', 2)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Enabled channels with what routing and pricing read of them (type, models, groups). */
export function listEnabledChannels(db: Db) {
  return db
    .selectFrom('channels')
    .select(['id', 'type', 'models', 'group'])
    .where('status', '=', ChannelStatus.enabled)
    .execute();
}

/**
 * Moves a channel from status `from` to `to` with the reason in `other_info`; guarded on
 * `from`, so two instances never both record the same change. True when it changed.
 */
export async function switchChannelStatus(
  db: Db,
  id: number,
  change: { from: number; to: number; otherInfo: string },
): Promise<boolean> {
  const result = await db
    .updateTable('channels')
    .set({ status: change.to, other_info: change.otherInfo })
    .where('id', '=', id)
    .where('status', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Adds quota served to a channel's used total. */
export async function addChannelUsedQuota(db: Db, id: number, quota: number): Promise<void> {
  await db
    .updateTable('channels')
    .set((eb) => ({ used_quota: eb('used_quota', '+', quota) }))
    .where('id', '=', id)
    .execute();
}

/** Every channel in one state. */
export function listChannelsInState(db: Db, status: number): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().where('status', '=', status).execute();
}
