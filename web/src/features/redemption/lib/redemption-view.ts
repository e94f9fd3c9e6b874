import { csvLine, type RedemptionItem } from '@gateway/shared';

/** What a code is now: unused, disabled, used, or expired (unused past its expiry). */
export type RedemptionState = 'unused' | 'disabled' | 'used' | 'expired';

/** The state a code is shown in at `now` (Unix seconds). */
export function redemptionState(item: RedemptionItem, now: number): RedemptionState {
  if (item.status === 3) return 'used';
  if (item.status === 2) return 'disabled';
  if (item.expired_time !== 0 && item.expired_time < now) return 'expired';
  return 'unused';
}

/** The list filter value of each state (the server's `status` query). */
export const stateFilter: Record<RedemptionState, number> = {
  unused: 1,
  disabled: 2,
  used: 3,
  expired: 4,
};

/** New codes as CSV (code, name, amount, expiry), for the download after a batch. */
export function codesCsv(
  keys: readonly string[],
  batch: { name: string; amount: string; expiry: string },
  header: readonly [string, string, string, string],
): string {
  const rows = keys.map((key) => [key, batch.name, batch.amount, batch.expiry]);
  return [header, ...rows].map(csvLine).join('');
}
