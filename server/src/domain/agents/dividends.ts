import { LogType } from '@gateway/shared';
import { post } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import {
  activeAgents,
  insertDividend,
  invitedConsumption,
  invitedTopUp,
  settledPeriods,
} from '../../db/queries/agents.js';
import { getUserFields } from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { localDate, nowSeconds } from '../../lib/time.js';
import { insertAccountLog } from '../users/account-log.js';

/** How many closed days back the job settles (a stopped server catches up this far). */
const catchUpDays = 31;

/** Start of a server-calendar day and of the next one, in Unix seconds. */
function dayBounds(day: string): [number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [new Date(y, m - 1, d).getTime() / 1000, new Date(y, m - 1, d + 1).getTime() / 1000];
}

/**
 * Credits every active agent's dividend for each closed day not yet settled (since they were
 * approved, at most a month back): the agreed share of what their users consumed or topped
 * up that day. The dividend row (unique per agent and day) and the ledger credit to the
 * invitation balance are one transaction, so a day is credited once, whoever runs the job.
 * Answers how many dividends were credited.
 */
export async function settleDividends(ctx: AppContext, today = localDate()): Promise<number> {
  let credited = 0;
  for (const agent of await activeAgents(ctx.db)) {
    const approved = localDate(new Date(Number(agent.reviewed_at) * 1000));
    const days: string[] = [];
    for (let back = 1; back <= catchUpDays; back++) {
      const [y, m, d] = today.split('-').map(Number);
      const day = localDate(new Date(y, m - 1, d - back));
      if (day < approved) break;
      days.push(day);
    }
    if (days.length === 0) continue;
    const done = await settledPeriods(ctx.db, agent.user_id, days.at(-1)!);
    for (const day of days.filter((d) => !done.has(d))) {
      const [from, to] = dayBounds(day);
      const base =
        agent.basis === 'topup'
          ? await invitedTopUp(ctx.db, agent.user_id, from, to)
          : await invitedConsumption(ctx.db, agent.user_id, from, to);
      const quota = Math.floor(base * Number(agent.rate));
      if (await creditDividend(ctx, agent, day, base, quota)) credited += 1;
    }
  }
  return credited;
}

async function creditDividend(
  ctx: AppContext,
  agent: { user_id: number; rate: number; basis: string },
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
