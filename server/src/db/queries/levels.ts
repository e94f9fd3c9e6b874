import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../client.js';
import type { LevelsTable } from '../schema/index.js';

export type LevelRow = Selectable<LevelsTable>;

export function listLevels(db: Db): Promise<LevelRow[]> {
  return db.selectFrom('levels').selectAll().orderBy('priority').orderBy('id').execute();
}

export function findLevel(db: Db, id: number): Promise<LevelRow | undefined> {
  return db.selectFrom('levels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertLevel(db: Db, row: Insertable<LevelsTable>): Promise<number> {
  const result = await db.insertInto('levels').values(row).executeTakeFirst();
  if (result.insertId !== undefined) return Number(result.insertId);
  const made = await db
    .selectFrom('levels')
    .select('id')
    .where('name', '=', row.name)
    .executeTakeFirstOrThrow();
  return made.id;
}

export async function updateLevel(
  db: Db,
  id: number,
  values: Updateable<LevelsTable>,
): Promise<void> {
  await db.updateTable('levels').set(values).where('id', '=', id).execute();
}

export async function deleteLevel(db: Db, id: number): Promise<void> {
  await db.deleteFrom('levels').where('id', '=', id).execute();
}

/** Users per level name. */
export async function countUsersByLevel(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['level', eb.fn.countAll<number | string>().as('n')])
    .groupBy('level')
    .execute();
  return new Map(rows.map((r) => [r.level, Number(r.n)]));
}

/** Moves every user of one level to another (a level renamed or deleted). */
export async function moveUsersToLevel(db: Db, from: string, to: string): Promise<void> {
  await db.updateTable('users').set({ level: to }).where('level', '=', from).execute();
}

/** Moves one user up from `from` to `to`, unless their level changed meanwhile. */
export async function upgradeUserLevel(
  db: Db,
  userId: number,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ level: to })
    .where('id', '=', userId)
    .where('level', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What the upgrade rules look at of a user (besides their paid orders). */
export function findUpgradeStanding(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'level', 'created_at', 'topup_quota', 'used_quota'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Ids of the enabled users who have topped up. */
export function toppedUpUserIds(db: Db) {
  return db
    .selectFrom('users')
    .select('id')
    .where('topup_quota', '>', 0)
    .where('status', '=', 1)
    .execute();
}
