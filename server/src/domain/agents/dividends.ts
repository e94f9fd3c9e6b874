import { LogType } from '@gateway/shared';
import { post, type LedgerReason } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import {
  activeAgents,
  insertDividend,
  invitedLedgerNet,
  settledPeriods,
} from '../../db/queries/agents.js';
import { getUserFields } from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { localDate, nowSeconds } from '../../lib/time.js';
import { insertAccountLog } from '../users/account-log.js';

/** How many closed days back the job settles (a stopped server catches up this far). */
const catchUpDays = 31;

/**
 * How long after a day ends the job waits before settling it. Every ledger row carries the time
 * its transaction took: a relay request is charged when its settlement batch commits (about
 * 25-50 ms after its answer, or at the next start when its process stopped first), a task when
 * it is submitted or refunded, a top-up when it is credited. So a day's rows are all written
 * once every transaction begun before its end has committed, which takes seconds at most
 * (deadlocks are retried at once; MySQL gives up a lock wait after 50 s); instances' clocks,
 * which stamp the rows, differ by far less than a minute under NTP. Ten minutes covers both.
 */
export const settleDelaySeconds = 10 * 60;

/**
 * What the consumption basis counts: the relay's holds, settlements and refunds (with the
 * refunds of holds a stopped process left) and the tasks' charges and refunds (drawing, music,
 * video). Their net on a user's balance is minus what they were charged for use.
 */
const usageReasons: readonly LedgerReason[] = [
  'relay_reserve',
  'relay_settle',
  'relay_refund',
  'reconcile_refund',
  'task_charge',
  'task_refund',
];

/** What the top-up basis counts: money paid in (credited orders and redeemed codes). */
const moneyInReasons: readonly LedgerReason[] = ['topup', 'redeem'];

/** An agent's terms as the dividends apply them; `reviewed_at` is when they took effect. */
export interface AgentTerms {
  user_id: number;
  rate: number | string;
  basis: string;
  reviewed_at: number | string;
}

/** Start of a server-calendar day and of the next one, in Unix seconds. */
function dayBounds(day: string): [number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [new Date(y, m - 1, d).getTime() / 1000, new Date(y, m - 1, d + 1).getTime() / 1000];
}

/**
 * Credits every active agent's dividend for each day that ended at least `settleDelaySeconds`
 * before `now` and is not settled yet (since their terms took effect, at most a month back):
 * the agreed share of what the ledger charged their users for use that day, or of what those
 * users paid in. Answers how many dividends were credited.
 */
export async function settleDividends(ctx: AppContext, now = nowSeconds()): Promise<number> {
  let credited = 0;
  for (const agent of await activeAgents(ctx.db)) {
    credited += await settleAgentDays(ctx, agent, now - settleDelaySeconds);
  }
  return credited;
}

/**
 * Credits one agent's dividends, at `agent`'s terms, for each day that ended by `closedBy`
 * since the terms took effect (at most a month back) and is not settled yet. The dividend row
 * (unique per agent and day) and the ledger credit to the invitation balance are one
 * transaction, so a day is credited once, whoever runs this. Answers how many were credited.
 */
export async function settleAgentDays(
  ctx: AppContext,
  agent: AgentTerms,
  closedBy: number,
): Promise<number> {
  const effective = localDate(new Date(Number(agent.reviewed_at) * 1000));
  const [y, m, d] = localDate(new Date(closedBy * 1000))
    .split('-')
    .map(Number);
  const days: string[] = [];
  for (let back = 1; back <= catchUpDays; back++) {
    const day = localDate(new Date(y, m - 1, d - back));
    if (day < effective) break;
    days.push(day);
  }
  if (days.length === 0) return 0;
  const done = await settledPeriods(ctx.db, agent.user_id, days.at(-1)!);
  let credited = 0;
  for (const day of days.filter((x) => !done.has(x))) {
    const [from, to] = dayBounds(day);
    const net = (reasons: readonly LedgerReason[]) =>
      invitedLedgerNet(ctx.db, agent.user_id, reasons, from, to);
    const base =
      agent.basis === 'topup'
        ? await net(moneyInReasons)
        : // A day whose refunds outweigh its charges (a hold taken the day before and given
          // back today, a task refunded today) counts as nothing used, not as a negative base.
          Math.max(0, -(await net(usageReasons)));
    const quota = Math.floor(base * Number(agent.rate));
    if (await creditDividend(ctx, agent, day, base, quota)) credited += 1;
  }
  return credited;
}

async function creditDividend(
  ctx: AppContext,
  agent: AgentTerms,
  day: string,
  base: number,
  quota: number,
): Promise<boolean> {
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertDividend(trx, {
        agent_id: agent.user_id,
        period: day,
        basis: agent.basis,
        base_quota: base,
        rate: Number(agent.rate),
        quota,
        created_at: nowSeconds(),
      });
      if (quota <= 0) return;
      await post(trx, {
        account: 'aff',
        accountId: agent.user_id,
        delta: quota,
        reason: 'agent_dividend',
        ref: `dividend:${agent.user_id}:${day}`,
      });
      const user = await getUserFields(trx, agent.user_id, ['username']);
      await insertAccountLog(trx, {
        userId: agent.user_id,
        username: user.username,
        type: LogType.topup,
        content: `Agent dividend for ${day}`,
        quota,
        balance: 'aff_quota',
      });
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
