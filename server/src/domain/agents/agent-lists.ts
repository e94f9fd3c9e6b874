import type { DividendItem, Page } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { listDividends, listInvitedUsers } from '../../db/queries/agents.js';

/** The users an agent brought, with what they spent and topped up. */
export async function invitedUserItems(
  ctx: AppContext,
  agentId: number,
  page: number,
  pageSize: number,
) {
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
