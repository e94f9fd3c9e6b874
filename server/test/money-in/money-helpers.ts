import type { AppContext } from '../../src/context.js';

/** A user's balance as stored. */
export async function balanceOf(ctx: AppContext, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.quota);
}

/** An order as stored, by its number. */
export function orderRow(ctx: AppContext, tradeNo: string) {
  return ctx.db
    .selectFrom('orders')
    .selectAll()
    .where('trade_no', '=', tradeNo)
    .executeTakeFirstOrThrow();
}
