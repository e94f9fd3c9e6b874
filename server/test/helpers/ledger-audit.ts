import { LogType } from '@gateway/shared';
import type { AppContext } from '../../src/context.js';

/**
 * Checks the books as an auditor would, and returns every discrepancy found (none = balanced):
 * each account's ledger rows chain (each row's balance is the previous one plus its delta),
 * every balance equals the sum of its rows, and each relay request's rows add up to minus
 * what its consume log charged.
 */
export async function auditLedger(ctx: AppContext): Promise<string[]> {
  const problems: string[] = [];
  const rows = await ctx.db.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
  const sums = new Map<string, number>();
  const byRequest = new Map<string, number>();
  const byTask = new Map<string, number>();
  const taskCharges = new Set<string>();
  for (const row of rows) {
    const key = `${row.account}:${row.account_id}`;
    const sum = (sums.get(key) ?? 0) + Number(row.delta);
    sums.set(key, sum);
    if (Number(row.balance_after) !== sum) {
      problems.push(`${key}: row ${row.id} says ${row.balance_after}, its rows sum to ${sum}`);
    }
    if (row.account === 'user' && /^(relay|reconcile)_/.test(row.reason)) {
      byRequest.set(row.ref, (byRequest.get(row.ref) ?? 0) + Number(row.delta));
    }
    if (row.account === 'user' && row.reason.startsWith('task_')) {
      byTask.set(row.ref, (byTask.get(row.ref) ?? 0) + Number(row.delta));
      if (row.reason === 'task_charge') taskCharges.add(row.ref);
    }
  }
  const balances = [
    ...(await ctx.db.selectFrom('users').select(['id', 'quota', 'aff_quota']).execute()).flatMap(
      (u) => [
        [`user:${u.id}`, Number(u.quota)] as const,
        [`aff:${u.id}`, Number(u.aff_quota)] as const,
      ],
    ),
    ...(await ctx.db.selectFrom('tokens').select(['id', 'remain_quota']).execute()).map(
      (t) => [`token:${t.id}`, Number(t.remain_quota)] as const,
    ),
  ];
  for (const [key, balance] of balances) {
    const sum = sums.get(key) ?? 0;
    if (balance !== sum) problems.push(`${key}: balance ${balance}, its rows sum to ${sum}`);
  }
  const held = new Set(
    (await ctx.db.selectFrom('reservations').select('id').execute()).map((r) => r.id),
  );
  const charged = new Map(
    (
      await ctx.db
        .selectFrom('logs')
        .select(['request_id', 'quota'])
        .where('type', '=', LogType.consume)
        .execute()
    ).map((l) => [l.request_id, Number(l.quota)]),
  );
  for (const [ref, moved] of byRequest) {
    if (held.has(ref)) continue;
    const cost = charged.get(ref) ?? 0;
    if (moved !== -cost)
      problems.push(`request ${ref}: the ledger moved ${moved}, its log charged ${cost}`);
  }
  problems.push(...(await auditTasks(ctx, byTask, taskCharges)));
  return problems;
}

/**
 * Each asynchronous task's own ledger rows add up to its refund log less the consume logs of
 * its charges made that way (rows of `task_charge`, from earlier versions); a task charged
 * as a relay settlement is audited with the requests above, by its request id.
 */
async function auditTasks(
  ctx: AppContext,
  byTask: Map<string, number>,
  charges: Set<string>,
): Promise<string[]> {
  const logged = new Map<string, number>();
  const logs = await ctx.db
    .selectFrom('logs')
    .select(['type', 'quota', 'other'])
    .where('type', 'in', [LogType.consume, LogType.refund])
    .where('other', 'like', '%"task_id"%')
    .execute();
  for (const log of logs) {
    const other = JSON.parse(log.other) as { task_id?: string; table?: string };
    if (!other.task_id || !other.table) continue;
    const ref = `${other.table}:${other.task_id}`;
    if (log.type === LogType.consume && !charges.has(ref)) continue;
    const sign = log.type === LogType.consume ? -1 : 1;
    logged.set(ref, (logged.get(ref) ?? 0) + sign * Number(log.quota));
  }
  const problems: string[] = [];
  for (const ref of new Set([...byTask.keys(), ...logged.keys()])) {
    const moved = byTask.get(ref) ?? 0;
    const fromLogs = logged.get(ref) ?? 0;
    if (moved !== fromLogs)
      problems.push(`task ${ref}: the ledger moved ${moved}, its logs ${fromLogs}`);
  }
  return problems;
}
