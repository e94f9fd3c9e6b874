import { type ExpressionBuilder, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../client.js';
import { startsWith } from '../like.js';
import type { Database, RedemptionsTable } from '../schema/index.js';

export type RedemptionRow = Selectable<RedemptionsTable>;

/** Which codes a listing covers. */
export interface RedemptionFilter {
  /** An exact id, or a name prefix. */
  keyword: string;
  /** 1 unused, 2 disabled, 3 used, 4 expired (unused past its expiry). */
  status?: number;
  now: number;
}

function where(f: RedemptionFilter) {
  return (eb: ExpressionBuilder<Database, 'redemptions'>) => {
    const all = [];
    if (f.keyword) {
      const byName = startsWith('name', f.keyword);
      all.push(
        /^\d+$/.test(f.keyword) ? eb.or([eb('id', '=', Number(f.keyword)), byName]) : byName,
      );
    }
    const expired = eb.and([eb('expired_time', '!=', 0), eb('expired_time', '<', f.now)]);
    if (f.status === 4) all.push(eb.and([eb('status', '=', 1), expired]));
    else if (f.status === 1) all.push(eb.and([eb('status', '=', 1), eb.not(expired)]));
    else if (f.status) all.push(eb('status', '=', f.status));
    return eb.and(all);
  };
}

/** One page of codes, newest first, and how many match. */
export async function listRedemptions(
  db: Db,
  filter: RedemptionFilter,
  page: number,
  size: number,
) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('redemptions')
      .selectAll()
      .where(where(filter))
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('redemptions')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where(where(filter))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findRedemption(db: Db, id: number): Promise<RedemptionRow | undefined> {
  return db.selectFrom('redemptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRedemptionByKey(db: Db, key: string): Promise<RedemptionRow | undefined> {
  return db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function insertRedemptions(
  db: Db,
  rows: Array<Insertable<RedemptionsTable>>,
): Promise<void> {
  await db.insertInto('redemptions').values(rows).execute();
}

/** Writes fields of one code; a used code keeps its state. Returns whether it exists. */
export async function updateRedemption(
  db: Db,
  id: number,
  values: Updateable<RedemptionsTable>,
): Promise<boolean> {
  let query = db.updateTable('redemptions').set(values).where('id', '=', id);
  if (values.status !== undefined) query = query.where('status', '!=', 3);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteRedemption(db: Db, id: number): Promise<number> {
  const result = await db.deleteFrom('redemptions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes used, disabled and expired codes; answers how many. */
export async function deleteInvalidRedemptions(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('redemptions')
    .where((eb) =>
      eb.or([
        eb('status', '!=', 1),
        eb.and([eb('expired_time', '!=', 0), eb('expired_time', '<', now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Claims an unused, unexpired code for a user: one guarded statement, so under any
 * concurrency exactly one claim of a code succeeds. True when this one did.
 */
export async function claimRedemption(
  db: Db,
  key: string,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ status: 3, used_user_id: userId, redeemed_time: now })
    .where('key', '=', key)
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('expired_time', '=', 0), eb('expired_time', '>=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
