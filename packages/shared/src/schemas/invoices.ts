import { z } from 'zod';
import { pageOf, pageQuery } from './common.js';
import { requiredEmail } from './signin.js';

/** Invoice types: ordinary, VAT, electronic ordinary, electronic special. */
export const invoiceTypes = [
  'ordinary',
  'vat',
  'electronic_ordinary',
  'electronic_special',
] as const;
export type InvoiceType = (typeof invoiceTypes)[number];

/** Invoice states: pending review → tax review → completed, or rejected with a reason. */
export const invoiceStatuses = ['pending', 'tax_review', 'completed', 'rejected'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** The largest uploaded invoice PDF: 10 MB. */
export const invoicePdfMaxBytes = 10 * 1024 * 1024;

/** `POST /api/invoice/`: a user applies for an invoice over paid top-ups not yet invoiced. */
export const applyInvoiceRequest = z.object({
  type: z.enum(invoiceTypes, { error: 'invoice_type_required' }),
  /** In major units of the invoice currency (yuan, dollars), at most 2 decimals. */
  amount: z
    .number({ error: 'invoice_amount_invalid' })
    .positive('invoice_amount_invalid')
    .max(1_000_000_000, 'invoice_amount_invalid'),
  title: z.string().trim().min(1, 'invoice_title_required').max(128),
  tax_id: z
    .string()
    .trim()
    .min(1, 'invoice_tax_id_required')
    .max(32)
    .regex(/^[0-9A-Za-z-]+$/, 'invoice_tax_id_invalid'),
  email: requiredEmail,
  remark: z.string().trim().max(255).default(''),
});
export type ApplyInvoiceRequest = z.input<typeof applyInvoiceRequest>;

/** Review actions of finance staff: accept for tax review, approve (needs the PDF), reject. */
export const invoiceActions = ['tax_review', 'approve', 'reject'] as const;

/** `POST /api/invoice/:id/review`. */
export const reviewInvoiceRequest = z.object({
  action: z.enum(invoiceActions, { error: 'invoice_action_required' }),
  /** Required to reject. */
  reason: z.string().trim().max(255).default(''),
});
export type ReviewInvoiceRequest = z.input<typeof reviewInvoiceRequest>;

export const invoiceItem = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  /** The applicant's role (staff review only invoices of users below their own role). */
  user_role: z.number().int(),
  type: z.enum(invoiceTypes),
  currency: z.string(),
  /** In minor units (cents, fen). */
  amount_minor: z.number().int(),
  title: z.string(),
  tax_id: z.string(),
  email: z.string(),
  remark: z.string(),
  status: z.enum(invoiceStatuses),
  /** Why it was rejected. */
  reason: z.string(),
  reviewer_id: z.number().int(),
  /** Size of the uploaded PDF in bytes; 0 = none yet. */
  file_size: z.number().int(),
  created_at: z.number().int(),
  reviewed_at: z.number().int(),
});
export type InvoiceItem = z.output<typeof invoiceItem>;
export const invoicePage = pageOf(invoiceItem);

/** Invoice list filters; `user_id` and `username` only for finance staff and above. */
export const invoiceListQuery = z
  .object({
    status: z.enum(invoiceStatuses).optional(),
    type: z.enum(invoiceTypes).optional(),
    user_id: z.coerce.number<number | string>().int().positive().optional(),
    /** Unix seconds, inclusive. */
    start_timestamp: z.coerce.number<number | string>().int().min(0).optional(),
    end_timestamp: z.coerce.number<number | string>().int().min(0).optional(),
  })
  .and(pageQuery);
export type InvoiceListParams = z.input<typeof invoiceListQuery>;

/** `GET /api/invoice/self/summary`: what the application form needs. */
export const invoiceSummary = z.object({
  currency: z.string(),
  /** Paid top-ups in the invoice currency not yet covered by a live invoice, minor units. */
  invoiceable_minor: z.number().int(),
  /** `InvoiceMinAmount` in minor units. */
  min_minor: z.number().int(),
  /** Working days a review takes, as a range (1–3). */
  review_days: z.tuple([z.number().int(), z.number().int()]),
  /** The product name a remark must not contain. */
  forbidden_words: z.array(z.string()),
});
export type InvoiceSummary = z.output<typeof invoiceSummary>;
