import type { LogType } from '@gateway/shared';
import { insertLog } from '../../db/queries/logs.js';
import type { Db } from '../../db/client.js';
import { nowSeconds } from '../../lib/time.js';

/** One ledger line about an account: a gift, a reward or an administrator's change. */
export interface AccountLogEntry {
  userId: number;
  username: string;
  /** A top-up (a gift, a redeemed code, a paid order) or a management change. */
  type: typeof LogType.topup | typeof LogType.manage;
  content: string;
  /** Quota moved by this entry (negative when taken away). */
  quota: number;
  /** Which balance moved, when it is not `quota`. */
  balance?: 'aff_quota';
}

/** Appends a log row; call it inside the transaction that moves the balance. */
export async function insertAccountLog(db: Db, entry: AccountLogEntry): Promise<void> {
  await insertLog(db, {
    user_id: entry.userId,
    username: entry.username,
    created_at: nowSeconds(),
    type: entry.type,
    content: entry.content,
    quota: entry.quota,
    other: JSON.stringify(entry.balance ? { balance: entry.balance } : {}),
  });
}
