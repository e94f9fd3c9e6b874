import type { LedgerEntry, Page } from '@gateway/shared';
import type { Db } from '../../db/client.js';
import { listLedgerEntries, type LedgerWhere } from '../../db/queries/ledger.js';

/** A page of ledger rows, newest first, as the API shows them. */
export async function listLedger(
  db: Db,
  where: LedgerWhere,
  page: number,
  pageSize: number,
): Promise<Page<LedgerEntry>> {
  const { rows, total } = await listLedgerEntries(db, where, page, pageSize);
  return {
    page,
    page_size: pageSize,
    total,
    items: rows.map((row) => ({
      id: Number(row.id),
      account: row.account as LedgerEntry['account'],
      account_id: row.account_id,
      delta: Number(row.delta),
      balance_after: Number(row.balance_after),
      reason: row.reason,
      ref: row.ref,
      operator_id: row.operator_id,
      created_at: Number(row.created_at),
    })),
  };
}
