import type {
  ApplyInvoiceRequest,
  InvoiceItem,
  InvoiceListParams,
  InvoiceSummary,
  Page,
  ReviewInvoiceRequest,
} from '@gateway/shared';
import { api, requestFile } from '../../lib/api';

/** The invoiceable amount, the minimum and the rules of the application form. */
export const fetchInvoiceSummary = () => api.get<InvoiceSummary>('/api/invoice/self/summary');

/** Own invoices, or (`all`, finance staff) everyone's. */
export const fetchInvoices = (all: boolean, query: InvoiceListParams) =>
  api.get<Page<InvoiceItem>>(all ? '/api/invoice/' : '/api/invoice/self', { query: { ...query } });

export const applyForInvoice = (request: ApplyInvoiceRequest) =>
  api.post<InvoiceItem>('/api/invoice/', request);

/** Stores the PDF of an invoice under review (finance). */
export const uploadInvoicePdf = (id: number, file: File) =>
  api.upload<InvoiceItem>('PUT', `/api/invoice/${id}/file`, file);

export const reviewInvoice = (id: number, request: ReviewInvoiceRequest) =>
  api.post<InvoiceItem>(`/api/invoice/${id}/review`, request);

/** The invoice's PDF as a file. */
export const fetchInvoicePdf = (id: number) => requestFile(`/api/invoice/${id}/file`);
