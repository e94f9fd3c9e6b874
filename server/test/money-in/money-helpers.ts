import type { AppContext } from '../../src/context.js';
import type { TestApp } from '../helpers/test-context.js';

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

/** The log of an order, oldest first. */
export async function eventsOf(t: TestApp, tradeNo: string) {
  const order = await orderRow(t.ctx, tradeNo);
  return t.ctx.db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
}

/** The kinds of an order's log lines, oldest first. */
export async function kindsOf(t: TestApp, tradeNo: string): Promise<string[]> {
  return (await eventsOf(t, tradeNo)).map((e) => e.kind);
}
