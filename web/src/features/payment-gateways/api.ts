import type { PaymentGateway, SavePaymentGatewayRequest } from '@gateway/shared';
import { api } from '../../lib/api';

export const fetchGateways = () => api.get<PaymentGateway[]>('/api/payment/gateway/');

/** Adds (no id) or edits a gateway; an empty secret keeps the stored one. */
export const saveGateway = (body: SavePaymentGatewayRequest) =>
  body.id
    ? api.put<PaymentGateway>('/api/payment/gateway/', body)
    : api.post<PaymentGateway>('/api/payment/gateway/', body);

export const deleteGateway = (id: number) => api.delete<null>(`/api/payment/gateway/${id}`);
