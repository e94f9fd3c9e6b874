import type { Generated } from 'kysely';

/** A redemption code root generated; `key` is 32 lower-case hex characters. */
export interface RedemptionsTable {
  id: Generated<number>;
  /** The administrator who generated it. */
  user_id: number;
  key: string;
  /** 1 enabled (unused), 2 disabled, 3 used. */
  status: Generated<number>;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: Generated<number>;
  used_user_id: Generated<number>;
  /** 0 = never. */
  expired_time: Generated<number>;
}

/** A payment gateway root set up for online top-up; `config` holds its credentials. */
export interface PaymentGatewaysTable {
  id: Generated<number>;
  name: string;
  /** `epay` or `stripe`: the folder under `domain/payments/providers/`. */
  provider: string;
  /** The provider's method, e.g. `alipay`, `wxpay`, `qqpay` for EPay. */
  payment_type: Generated<string>;
  /** An image URL or an icon class. */
  icon: Generated<string>;
  /** The origin callbacks go to; empty = the server address. */
  callback_domain: Generated<string>;
  /** Fee per payment, in USD. */
  fixed_fee: Generated<number>;
  /** Fee as a fraction of the price (0.05 = 5 %). */
  percent_fee: Generated<number>;
  /** Payment currency per USD (e.g. 7.3 RMB, or 0.8). */
  currency_rate: number;
  /** The payment currency, ISO 4217. */
  currency: Generated<string>;
  enabled: Generated<number>;
  sort: Generated<number>;
  /** JSON credentials of the provider (secrets are never returned by the API). */
  config: string;
  created_at: number;
}

/** A top-up order: what the buyer pays and the quota credited once it is paid. */
export interface OrdersTable {
  id: Generated<number>;
  /** Our order number (EPay `out_trade_no`, Stripe `client_reference_id`). */
  trade_no: string;
  /** The gateway's own number, once known. */
  gateway_trade_no: Generated<string>;
  user_id: number;
  gateway_id: number;
  provider: string;
  payment_type: Generated<string>;
  /** USD bought. */
  amount: number;
  /** The recharge discount applied (1 = none). */
  discount: Generated<number>;
  currency: string;
  /** What the buyer pays, in minor units of `currency` as its provider counts them (fees included). */
  money_minor: number;
  /** Decimals of `money_minor`: the provider's for the currency when the order was made. */
  money_digits: Generated<number>;
  /** The provider's id of the payment itself, when it differs from `gateway_trade_no` (Stripe's PaymentIntent). */
  payment_ref: Generated<string>;
  /** Refunded so far, in the units of `money_minor`. */
  refunded_minor: Generated<number>;
  /** Held by open or lost disputes (chargebacks), in the units of `money_minor`. */
  disputed_minor: Generated<number>;
  /** '' (none), `open`, `won`, `lost`, or `inquiry` (a dispute that took no money). */
  dispute_status: Generated<string>;
  /** Moves by one with every credit and reversal: their compare-and-set guard. */
  ver: Generated<number>;
  /** Quota credited when paid: fixed when the order is made, never recomputed. */
  quota: number;
  /** pending → paid, closed or failed. */
  status: Generated<string>;
  note: Generated<string>;
  /** Who completed or closed it by hand; 0 = nobody. */
  operator_id: Generated<number>;
  created_at: number;
  paid_at: Generated<number>;
  closed_at: Generated<number>;
}

/** What one callback (or a close) did to an order: the log operators read on the order. */
export interface OrderEventsTable {
  id: Generated<number>;
  /** 0 when the callback named no order of its gateway. */
  order_id: Generated<number>;
  gateway_id: Generated<number>;
  /** `credited`, `late_credited`, `duplicate`, `mismatch`, `refunded` … (`orderEventKinds`). */
  kind: string;
  /** The provider's reference: event, refund or dispute id, trade number. */
  ref: Generated<string>;
  /** Money it concerned, in the order's minor units (0 when none). */
  amount_minor: Generated<number>;
  /** Quota it moved (negative: taken back). */
  quota: Generated<number>;
  detail: Generated<string>;
  /** A unique key for a move that must happen once (`refund:re_…`); null for plain log rows. */
  dedupe: string | null;
  created_at: number;
}

/** An invoice a user applied for over paid top-ups, and its review. */
export interface InvoicesTable {
  id: Generated<number>;
  user_id: number;
  /** ordinary, vat, electronic_ordinary or electronic_special. */
  type: string;
  /** The invoice currency (`InvoiceCurrency` when applied), ISO 4217. */
  currency: string;
  amount_minor: number;
  title: string;
  tax_id: string;
  email: string;
  remark: Generated<string>;
  /** pending → tax_review → completed, or rejected. */
  status: Generated<string>;
  /** Why it was rejected. */
  reason: Generated<string>;
  reviewer_id: Generated<number>;
  /** Bytes of the uploaded PDF; 0 = none yet. */
  file_size: Generated<number>;
  created_at: number;
  reviewed_at: Generated<number>;
}

/** The PDF of an invoice, one per invoice, replaced by a new upload. */
export interface InvoiceFilesTable {
  invoice_id: number;
  content: Buffer;
  sha256: string;
  uploaded_by: number;
  created_at: number;
}
