import type { Db } from '../client.js';

/** Sign-in columns of users, as binding and removal change them. */
export type BindingColumn = 'email' | 'github_id' | 'linuxdo_id' | 'wechat_id' | 'wxpusher_uid';

/** Ways back into an account: a password, an e-mail (a reset link), or a provider. */
const signInColumns: BindingColumn[] = ['email', 'github_id', 'linuxdo_id', 'wechat_id'];

/**
 * Clears one binding of a user. With `keepAnotherWay`, only while the row keeps another way
 * to sign in (checked in the same statement). Returns whether a row changed.
 */
export async function clearBinding(
  db: Db,
  userId: number,
  column: BindingColumn,
  keepAnotherWay: boolean,
): Promise<boolean> {
  let query = db
    .updateTable('users')
    .set({ [column]: null })
    .where('id', '=', userId)
    .where(column, 'is not', null);
  if (keepAnotherWay) {
    query = query.where((eb) =>
      eb.or([
        eb('password_hash', '!=', ''),
        ...signInColumns
          .filter((c) => c !== column)
          .map((c) => eb.and([eb(c, 'is not', null), eb(c, '!=', '')])),
      ]),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const boundUserColumns = ['id', 'username', 'display_name', 'role', 'status', 'group'] as const;

/** The account not in `closedStatus` whose binding `column` holds `externalId`. */
export function findBoundUser(
  db: Db,
  column: 'github_id' | 'linuxdo_id' | 'wechat_id',
  externalId: string,
  closedStatus: number,
) {
  return db
    .selectFrom('users')
    .select(boundUserColumns)
    .where(column, '=', externalId)
    .where('status', '!=', closedStatus)
    .executeTakeFirst();
}
