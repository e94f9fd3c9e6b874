import type { OrderEvent, OrderEventKind, Page } from '@gateway/shared';
import type { Db } from '../../db/client.js';
import {
  findOrder,
  insertOrderEvent,
  listOrderEvents,
  type OrderEventRow,
  type OrderRow,
} from '../../db/queries/payments.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';

/** One line of an order's log: what happened, the provider's reference, what it moved. */
export interface OrderEventInput {
  kind: OrderEventKind;
  ref?: string;
  amountMinor?: number;
  quota?: number;
  detail?: string;
  /** A key that makes the line (and the move written with it) happen once. */
  dedupe?: string;
}

/**
 * Writes a line to the log of `order` (or, with `undefined`, of the gateway's callbacks that
 * named no order): every callback leaves one, so an operator reads on the order what each did.
 */
export async function recordOrderEvent(
  db: Db,
  order: Pick<OrderRow, 'id' | 'gateway_id'> | undefined,
  event: OrderEventInput,
  gatewayId = order?.gateway_id ?? 0,
): Promise<void> {
  await insertOrderEvent(db, {
    order_id: order?.id ?? 0,
    gateway_id: gatewayId,
    kind: event.kind,
    ref: (event.ref ?? '').slice(0, 128),
    amount_minor: event.amountMinor ?? 0,
    quota: event.quota ?? 0,
    detail: (event.detail ?? '').slice(0, 500),
    dedupe: event.dedupe?.slice(0, 191) ?? null,
    created_at: nowSeconds(),
  });
}

function toOrderEvent(row: OrderEventRow): OrderEvent {
  return {
    id: Number(row.id),
    order_id: Number(row.order_id),
    gateway_id: row.gateway_id,
    kind: row.kind as OrderEventKind,
    ref: row.ref,
    amount_minor: Number(row.amount_minor),
    quota: Number(row.quota),
    detail: row.detail,
    created_at: Number(row.created_at),
  };
}

/** The log of an order by its number, or of the callbacks that named no order (`unmatched`). */
export async function orderEventPage(
  db: Db,
  query: { trade_no: string; unmatched: boolean; page: number; pageSize: number },
): Promise<Page<OrderEvent>> {
  let orderId = 0;
  if (!query.unmatched) {
    const order = query.trade_no ? await findOrder(db, query.trade_no) : undefined;
    if (!order) throw new AppError('order_not_found');
    orderId = Number(order.id);
  }
  const { rows, total } = await listOrderEvents(db, orderId, query.page, query.pageSize);
  return { page: query.page, page_size: query.pageSize, total, items: rows.map(toOrderEvent) };
}
