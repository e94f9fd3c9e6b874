import type { DividendItem, Page } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { findAgent, listDividends, listInvitedUsers } from '../../db/queries/agents.js';
import { forbidden } from '../../errors.js';

/**
 * The users an active agent brought, with what they spent and topped up. Anyone else, an
 * inviter who is no agent among them, gets `agent_not_active` (403): their invitees' money is
 * not theirs to see.
 */
export async function invitedUserItems(
  ctx: AppContext,
  agentId: number,
  page: number,
  pageSize: number,
) {
  const agent = await findAgent(ctx.db, agentId);
  if (agent?.status !== 'active') throw forbidden('agent_not_active');
  const { rows, total } = await listInvitedUsers(ctx.db, agentId, page, pageSize);
  return {
    page,
    page_size: pageSize,
    total,
    items: rows.map((r) => ({
      id: r.id,
      username: r.username,
      created_at: Number(r.created_at),
      used_quota: Number(r.used_quota),
      topup_quota: Number(r.topup_quota),
    })),
  };
}

/** An agent's dividends, newest day first. */
export async function dividendItems(
  ctx: AppContext,
  agentId: number,
  page: number,
  pageSize: number,
): Promise<Page<DividendItem>> {
  const [rows, count] = await listDividends(ctx.db, agentId, page, pageSize);
  return {
    page,
    page_size: pageSize,
    total: Number(count.total),
    items: rows.map((r) => ({
      id: r.id,
      agent_id: r.agent_id,
      period: r.period,
      basis: r.basis as DividendItem['basis'],
      base_quota: Number(r.base_quota),
      rate: Number(r.rate),
      quota: Number(r.quota),
      created_at: Number(r.created_at),
    })),
  };
}
