import type { Db } from '../../db/client.js';
import { findRoot, hasSetupRecord } from '../../db/queries/users.js';

/** Whether the first-run wizard has created root (or an imported database already has one). */
export async function isSetupDone(db: Db): Promise<boolean> {
  return (await hasSetupRecord(db)) || (await findRoot(db)) !== undefined;
}
