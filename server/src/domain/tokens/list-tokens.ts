import type { Page, TokenItem, TokenListQuery } from '@gateway/shared';
import { budgetTimeZone } from '../../config/settings/groups/quota.js';
import type { AppContext } from '../../context.js';
import { listTokens, markExpiredTokens } from '../../db/queries/tokens.js';
import { nowSeconds } from '../../lib/time.js';
import { toTokenItem } from './token-views.js';

/** A LIKE pattern for a full, partial or masked (`abcd****wxyz`) key; empty for none. */
function keyPattern(text: string): string {
  const parts = text
    .replace(/^sk-/, '')
    .split(/\*+/)
    .map((part) => part.replace(/[^0-9a-zA-Z]/g, ''));
  return parts.some(Boolean) ? `%${parts.join('%')}%` : '';
}

/**
 * One page of the user's keys, masked. Keys whose expiry has passed are marked expired first,
 * so the list and the state filter show the truth.
 */
export async function listUserTokens(
  ctx: AppContext,
  userId: number,
  query: TokenListQuery,
): Promise<Page<TokenItem>> {
  const expired = await markExpiredTokens(ctx.db, userId, nowSeconds());
  await ctx.tokens.invalidate(expired);
  const { total, items } = await listTokens(ctx.db, {
    userId,
    page: query.page,
    pageSize: query.pageSize,
    keyword: query.keyword,
    keyPattern: keyPattern(query.token),
    status: query.status,
  });
  return {
    page: query.page,
    page_size: query.pageSize,
    total,
    items: items.map((row) => toTokenItem(row, ctx.settings.get(budgetTimeZone))),
  };
}
