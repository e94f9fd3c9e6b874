import { budgetAlertPercent } from '../../config/settings/groups/quota.js';
import type { Charged } from '../../billing/settle-plan.js';
import { claimBudgetAlert, findTokenOwner, findUserBudget } from '../../db/queries/budgets.js';
import type { NotifyContext } from './notify-context.js';
import { formatBalance } from './low-balance.js';
import { notifyUser } from './notify.js';

/**
 * The soft threshold of budgets: once a period's use reaches `BudgetAlertPercent` of a user's
 * or a key's budget, its owner is told, once per period (a guarded update decides which
 * instance sends it).
 */
export function checkBudgets(ctx: NotifyContext, charged: Charged[]): void {
  const percent = ctx.settings.get(budgetAlertPercent);
  if (percent <= 0) return;
  const users = new Map<number, number>();
  const tokens = new Map<number, number>();
  for (const { move } of charged) {
    const budget = move.reservation.budget;
    if (!budget || move.kind !== 'settle') continue;
    if (budget.user !== null) users.set(move.reservation.userId, budget.user);
    if (budget.token !== null) tokens.set(move.reservation.tokenId, budget.token);
  }
  if (users.size === 0 && tokens.size === 0) return;
  alert(ctx, users, tokens, percent).catch((error: unknown) =>
    ctx.log.error({ error: String(error) }, 'budget alert failed'),
  );
}

async function alert(
  ctx: NotifyContext,
  users: Map<number, number>,
  tokens: Map<number, number>,
  percent: number,
): Promise<void> {
  for (const [id, start] of users) {
    if (!(await claimBudgetAlert(ctx.db, 'user', id, start, percent))) continue;
    const row = await findUserBudget(ctx.db, id);
    if (!row) continue;
    await notifyUser(ctx, id, 'budget', {
      title: 'notify_budget_title',
      body: 'notify_budget_body',
      params: {
        what: '-',
        used: formatBalance(ctx, Number(row.budget_used)),
        budget: formatBalance(ctx, Number(row.budget_quota)),
        percent,
      },
    });
  }
  for (const [id, start] of tokens) {
    if (!(await claimBudgetAlert(ctx.db, 'token', id, start, percent))) continue;
    const row = await findTokenOwner(ctx.db, id);
    if (!row) continue;
    await notifyUser(ctx, row.user_id, 'budget', {
      title: 'notify_budget_title',
      body: 'notify_key_budget_body',
      params: {
        what: row.name,
        used: formatBalance(ctx, Number(row.budget_used)),
        budget: formatBalance(ctx, Number(row.budget_quota)),
        percent,
      },
    });
  }
}
