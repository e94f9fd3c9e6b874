import type {
  OrderEvent,
  OrderEventParams,
  OrderItem,
  OrderListParams,
  Page,
} from '@gateway/shared';
import { api } from '../../lib/api';

/** Own orders, or (`all`, finance staff) everyone's. */
export const fetchOrders = (all: boolean, query: OrderListParams) =>
  api.get<Page<OrderItem>>(all ? '/api/user/topup' : '/api/user/topup/self', {
    query: { ...query },
  });

/** Closes a pending order. */
export const closeOrder = (tradeNo: string) =>
  api.post<OrderItem>('/api/user/topup/close', { trade_no: tradeNo });

/** Asks the gateway for the order's real state; completes it when paid. */
export const queryOrder = (tradeNo: string) =>
  api.post<{ provider_state: 'paid' | 'unpaid' | 'unknown'; order: OrderItem }>(
    '/api/user/topup/query',
    { trade_no: tradeNo },
  );

/** Completes an order by hand (administrators). */
export const completeOrder = (tradeNo: string) =>
  api.post<OrderItem>('/api/user/topup/complete', { trade_no: tradeNo });

/** An order's log (finance staff), or the verified callbacks that named no order. */
export const fetchOrderEvents = (query: OrderEventParams) =>
  api.get<Page<OrderEvent>>('/api/user/topup/events', { query: { ...query } });
