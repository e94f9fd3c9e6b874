import { findEmptyTokenIds } from '../../db/queries/tokens.js';
import type { Charged } from '../../billing/settle-plan.js';
import type { AppContext } from '../../context.js';
import { checkBudgets } from '../notifications/budget-alert.js';
import { markTokenExhausted } from '../tokens/token-status.js';

/**
 * What follows a committed settlement batch: each charge joins the hourly usage roll-up,
 * limited keys that reached 0 are marked exhausted (one query for the whole batch), and the
 * charged users' balances are watched for low-balance alerts.
 */
export function afterSettlement(ctx: AppContext, charged: Charged[]): void {
  const limitedTokens = new Set<number>();
  const users = new Set<number>();
  for (const { move, quota } of charged) {
    if (move.kind !== 'settle') continue;
    users.add(move.reservation.userId);
    ctx.usage.record({
      userId: move.reservation.userId,
      username: move.usage.username,
      modelName: move.usage.modelName,
      createdAt: move.usage.createdAt,
      tokens: move.usage.tokens,
      quota,
    });
    if (move.reservation.tokenLimited && move.reservation.tokenId > 0) {
      limitedTokens.add(move.reservation.tokenId);
    }
  }
  ctx.balanceWatch.check(users);
  checkBudgets(ctx, charged);
  if (limitedTokens.size > 0) {
    markExhaustedTokens(ctx, [...limitedTokens]).catch((err: unknown) =>
      ctx.log.error({ err }, 'marking exhausted keys failed'),
    );
  }
}

/** Marks the keys among `ids` whose remaining quota reached 0 as exhausted (one query). */
async function markExhaustedTokens(ctx: AppContext, ids: number[]): Promise<void> {
  for (const id of await findEmptyTokenIds(ctx.db, ids)) await markTokenExhausted(ctx, id);
}
