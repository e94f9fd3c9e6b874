import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../client.js';
import type {
  Database,
  OrderEventsTable,
  OrdersTable,
  PaymentGatewaysTable,
} from '../schema/index.js';

export type GatewayRow = Selectable<PaymentGatewaysTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;

export function listGateways(db: Db, enabledOnly = false): Promise<GatewayRow[]> {
  let query = db.selectFrom('payment_gateways').selectAll().orderBy('sort').orderBy('id');
  if (enabledOnly) query = query.where('enabled', '=', 1);
  return query.execute();
}

export function findGateway(db: Db, id: number): Promise<GatewayRow | undefined> {
  return db.selectFrom('payment_gateways').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertGateway(
  db: Db,
  row: Insertable<PaymentGatewaysTable>,
): Promise<number> {
  const result = await db.insertInto('payment_gateways').values(row).executeTakeFirst();
  if (result.insertId !== undefined) return Number(result.insertId);
  const last = await db
    .selectFrom('payment_gateways')
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return last.id;
}

export async function updateGateway(
  db: Db,
  id: number,
  values: Updateable<PaymentGatewaysTable>,
): Promise<void> {
  await db.updateTable('payment_gateways').set(values).where('id', '=', id).execute();
}

export async function deleteGateway(db: Db, id: number): Promise<number> {
  const result = await db.deleteFrom('payment_gateways').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function insertOrder(db: Db, row: Insertable<OrdersTable>): Promise<void> {
  await db.insertInto('orders').values(row).execute();
}

export function findOrder(db: Db, tradeNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
}

export function findOrderById(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order of a gateway whose payment the provider calls `paymentRef` (a PaymentIntent). */
export function findOrderByPaymentRef(
  db: Db,
  gatewayId: number,
  paymentRef: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('payment_ref', '=', paymentRef)
    .where('gateway_id', '=', gatewayId)
    .executeTakeFirst();
}

/** Stores the provider's id of an order's payment, unless it has one already. */
export async function setPaymentRef(db: Db, id: number, paymentRef: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_ref: paymentRef })
    .where('id', '=', id)
    .where('payment_ref', '=', '')
    .execute();
}

/**
 * Changes an order only while its state and `ver` are still those `seen`, and moves `ver` on:
 * the compare-and-set of credits and reversals. True when this one changed it.
 */
export async function updateOrderAt(
  db: Db,
  seen: { id: number; status: string; ver: number },
  values: Updateable<OrdersTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ ...values, ver: seen.ver + 1 })
    .where('id', '=', seen.id)
    .where('status', '=', seen.status)
    .where('ver', '=', seen.ver)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Which orders a listing covers; `userId` is set for a buyer's own list. */
export interface OrderFilter {
  userId?: number;
  status?: string;
  tradeNo?: string;
}

function orderWhere(f: OrderFilter) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const all = [];
    if (f.userId !== undefined) all.push(eb('user_id', '=', f.userId));
    if (f.status) all.push(eb('status', '=', f.status));
    if (f.tradeNo) all.push(eb('trade_no', '=', f.tradeNo));
    return eb.and(all);
  };
}

/** One page of orders, newest first, and how many match. */
export async function listOrders(db: Db, f: OrderFilter, page: number, size: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('orders')
      .selectAll()
      .where(orderWhere(f))
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where(orderWhere(f))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Moves an order from one of `from` to `to` with the given fields: one guarded statement, so
 * of two racing callbacks exactly one moves it. True when this one did.
 */
export async function moveOrder(
  db: Db,
  id: number,
  from: readonly string[],
  values: Updateable<OrdersTable> & { status: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notes something on an order without changing its state. */
export async function noteOrder(db: Db, id: number, note: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ note: note.slice(0, 255) })
    .where('id', '=', id)
    .execute();
}

/** Closes pending orders made before `cutoff`, each with a guarded move; answers those it closed. */
export async function closeStaleOrders(db: Db, cutoff: number, now: number): Promise<OrderRow[]> {
  const stale = await db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<', cutoff)
    .limit(1000)
    .execute();
  const closed: OrderRow[] = [];
  for (const order of stale) {
    const moved = await moveOrder(db, order.id, ['pending'], {
      status: 'closed',
      closed_at: now,
      note: 'closed unpaid after the payment window',
    });
    if (moved) closed.push(order);
  }
  return closed;
}

/** The largest paid order of a user (its amount, null when there is none). */
export function largestPaidOrder(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .select((eb) => eb.fn.max<number | string | null>('amount').as('amount'))
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
}

/** Stores the provider's trade number of an order. */
export async function setGatewayTradeNo(db: Db, id: number, gatewayTradeNo: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ gateway_trade_no: gatewayTradeNo })
    .where('id', '=', id)
    .execute();
}

/** Logs what a callback or a close did to an order (`order_id` 0: it named no order). */
export async function insertOrderEvent(db: Db, row: Insertable<OrderEventsTable>): Promise<void> {
  await db.insertInto('order_events').values(row).execute();
}

/** Whether a once-only move with this key was recorded. */
export async function hasOrderEvent(db: Db, dedupe: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_events')
    .select('id')
    .where('dedupe', '=', dedupe)
    .executeTakeFirst();
  return row !== undefined;
}

/** The log of one order (or, with 0, of callbacks that named no order), newest first. */
export async function listOrderEvents(db: Db, orderId: number, page: number, size: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('order_events')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
