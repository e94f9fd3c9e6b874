import type { LogItem, Page, PayStart, TopUpInfo, TopUpQuote } from '@gateway/shared';
import { api } from '../../lib/api';

/** Redeems a code for the signed-in user; answers the quota credited. */
export const redeemCode = (key: string) => api.post<number>('/api/user/topup', { key });

/** Own recharge records: the top-up log lines (type 1), newest first. */
export const fetchRechargeRecords = (p: number, pageSize: number) =>
  api.get<Page<LogItem>>('/api/log/self', { query: { type: 1, p, page_size: pageSize } });

/** What the top-up page offers. */
export const fetchTopUpInfo = () => api.get<TopUpInfo>('/api/user/topup/info');

/** The final price of an amount through a gateway. */
export const quoteTopUp = (amount: number, gatewayId: number) =>
  api.post<TopUpQuote>(
    '/api/user/topup/quote',
    { amount, gateway_id: gatewayId },
    { silent: true },
  );

/** Makes the order and answers how the browser pays it. */
export const startPayment = (amount: number, gatewayId: number) =>
  api.post<PayStart>('/api/user/pay', { amount, gateway_id: gatewayId });
