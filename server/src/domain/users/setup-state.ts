import { Role } from '@gateway/shared';
import type { Db } from '../../db/client.js';

/** Whether the first-run wizard has created root (or an imported database already has one). */
export async function isSetupDone(db: Db): Promise<boolean> {
  const row =
    (await db.selectFrom('setups').select('id').executeTakeFirst()) ??
    (await db.selectFrom('users').select('id').where('role', '=', Role.root).executeTakeFirst());
  return row !== undefined;
}
