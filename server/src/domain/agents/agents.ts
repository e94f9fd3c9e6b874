import {
  Role,
  type AgentItem,
  type AgentSelf,
  type ManageAgentRequest,
  type Page,
} from '@gateway/shared';
import {
  agentPageEnabled,
  quotaPerUnit,
  rixApiProMax,
} from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import {
  agentCounts,
  findAgent,
  insertAgent,
  invitedTotals,
  listAgents,
  reapplyAgent,
  updateAgent,
  type AgentRow,
} from '../../db/queries/agents.js';
import { changeUserRole, findUserFields } from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { guardStaffAction, type StaffActor } from '../../policies/staff.js';
import { settleAgentDays } from './dividends.js';

/** Whether the agent programme is open (pro-max edition and the agent page on). */
export function agentProgrammeOpen(ctx: AppContext): boolean {
  return ctx.settings.get(rixApiProMax) && ctx.settings.get(agentPageEnabled);
}

/** The smallest withdrawal: one currency unit of quota. */
export const minWithdrawal = (ctx: AppContext) => Math.ceil(ctx.settings.get(quotaPerUnit));

function toItem(
  row: AgentRow & { username: string; role: number; users_count?: unknown; dividends?: unknown },
): AgentItem {
  return {
    user_id: row.user_id,
    username: row.username,
    user_role: row.role,
    status: row.status as AgentItem['status'],
    rate: Number(row.rate),
    basis: row.basis as AgentItem['basis'],
    contact: row.contact,
    note: row.note,
    applied_at: Number(row.applied_at),
    reviewed_at: Number(row.reviewed_at),
    users: Number(row.users_count ?? 0),
    dividends: Number(row.dividends ?? 0),
  };
}

/** A user applies to become an agent (once; a rejected one may apply again). */
export async function applyAsAgent(
  ctx: AppContext,
  user: { id: number; role: number },
  request: { contact: string; note: string },
): Promise<void> {
  if (!agentProgrammeOpen(ctx)) throw new AppError('agent_disabled');
  const current = await findAgent(ctx.db, user.id);
  if (current && current.status !== 'rejected') {
    throw new AppError('agent_already_applied', { status: current.status });
  }
  const now = nowSeconds();
  if (current) {
    await reapplyAgent(ctx.db, user.id, {
      contact: request.contact,
      note: request.note,
      applied_at: now,
    });
    return;
  }
  try {
    await insertAgent(ctx.db, {
      user_id: user.id,
      status: 'pending',
      contact: request.contact,
      note: request.note,
      applied_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('agent_already_applied', { status: 'pending' });
    throw error;
  }
}

/**
 * The agent page of a user: their application or agency, and, for an active agent, what the
 * users they brought spent and topped up in total (null for anyone else: an inviter who is no
 * agent does not see their invitees' money).
 */
export async function agentSelf(ctx: AppContext, userId: number): Promise<AgentSelf> {
  const [agent, counts, user] = await Promise.all([
    findAgent(ctx.db, userId),
    agentCounts(ctx.db, userId),
    findUserFields(ctx.db, userId, ['username', 'aff_quota', 'role']),
  ]);
  const totals = agent?.status === 'active' ? await invitedTotals(ctx.db, userId) : null;
  const username = user?.username ?? '';
  return {
    agent: agent
      ? toItem({
          ...agent,
          username,
          role: user?.role ?? Role.user,
          users_count: counts.users,
          dividends: counts.dividends,
        })
      : null,
    users_consumption: totals?.used ?? null,
    users_topup: totals?.topup ?? null,
    balance: Number(user?.aff_quota ?? 0),
    min_withdrawal: minWithdrawal(ctx),
  };
}

export async function listAgentItems(
  ctx: AppContext,
  status: string | undefined,
  page: number,
  pageSize: number,
): Promise<Page<AgentItem>> {
  const { rows, total } = await listAgents(ctx.db, status, page, pageSize);
  return { page, page_size: pageSize, total, items: rows.map(toItem) };
}

/** Which states each decision may start from. */
const from: Record<ManageAgentRequest['status'], readonly string[]> = {
  active: ['pending', 'active', 'disabled'],
  rejected: ['pending'],
  disabled: ['active'],
};

/**
 * An admin decides on an agent: approve (or re-enable, or change the terms), reject an
 * application, or disable. Never on their own agency, nor on a user of their rank or above.
 * An approved ordinary user becomes an agent (role 5); a disabled agent goes back to an
 * ordinary user. Each move is guarded on the state it starts from. An active agent's closed
 * days are settled at the terms they ran under before the terms change or the agency ends, so
 * the new terms apply from today on and no day is lost.
 */
export async function manageAgent(
  ctx: AppContext,
  request: Required<ManageAgentRequest>,
  reviewer: StaffActor,
): Promise<void> {
  const agent = await findAgent(ctx.db, request.user_id);
  if (!agent) throw new AppError('agent_not_found');
  await guardStaffAction(ctx, reviewer, request.user_id);
  if (agent.status === 'active') await settleAgentDays(ctx, agent, nowSeconds());
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const done = await updateAgent(trx, request.user_id, from[request.status], {
      status: request.status,
      rate: request.rate,
      basis: request.basis,
      reviewer_id: reviewer.id,
      reviewed_at: nowSeconds(),
    });
    if (!done) return false;
    if (request.status === 'active') {
      await changeUserRole(trx, request.user_id, Role.user, Role.agent);
    } else if (request.status === 'disabled') {
      await changeUserRole(trx, request.user_id, Role.agent, Role.user);
    }
    return true;
  });
  if (!moved) throw new AppError('agent_status_invalid');
  await ctx.users.invalidate(request.user_id);
}
