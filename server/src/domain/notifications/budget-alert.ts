import { budgetAlertPercent } from '../../config/settings/groups/quota.js';
import type { Charged } from '../../billing/settle-plan.js';
import { claimBudgetAlert, findTokenOwner, findUserBudget } from '../../db/queries/budgets.js';
import type { NotifyContext } from './notify-context.js';
import { formatBalance } from './low-balance.js';
import { notifyUser } from './notify.js';

/** Budgets charged since the last look, by account, with their period start. */
interface Pending {
  users: Map<number, number>;
  tokens: Map<number, number>;
  timer: NodeJS.Timeout | undefined;
}

/** Budgets are looked at once per this window, for all accounts charged in it. */
const lookEveryMs = 1_000;
const pendingOf = new WeakMap<NotifyContext, Pending>();

/**
 * The soft threshold of budgets: once a period's use reaches `BudgetAlertPercent` of a user's
 * or a key's budget, its owner is told, once per period (a guarded update decides which
 * instance sends it). Accounts charged are looked at together at most once a second.
 */
export function checkBudgets(ctx: NotifyContext, charged: Charged[]): void {
  let pending = pendingOf.get(ctx);
  for (const { move } of charged) {
    const budget = move.reservation.budget;
    if (!budget || move.kind !== 'settle') continue;
    if (!pending) {
      pending = { users: new Map(), tokens: new Map(), timer: undefined };
      pendingOf.set(ctx, pending);
    }
    const { userId, tokenId } = move.reservation;
    if (budget.user !== null) pending.users.set(userId, budget.user);
    if (budget.token !== null) pending.tokens.set(tokenId, budget.token);
  }
  if (!pending || pending.timer || (pending.users.size === 0 && pending.tokens.size === 0)) return;
  const due = pending;
  due.timer = setTimeout(() => {
    const { users, tokens } = due;
    due.users = new Map();
    due.tokens = new Map();
    due.timer = undefined;
    const percent = ctx.settings.get(budgetAlertPercent);
    if (percent <= 0) return;
    alert(ctx, users, tokens, percent).catch((error: unknown) =>
      ctx.log.error({ error: String(error) }, 'budget alert failed'),
    );
  }, lookEveryMs).unref();
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
