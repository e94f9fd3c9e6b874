import { z } from 'zod';
import { pageOf, pageQuery } from './common.js';

/** A payment gateway as root edits it; secret credentials come back empty. */
export const paymentGateway = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `epay` (and any provider added later). */
  provider: z.string(),
  /** The provider's method, e.g. `alipay`, `wxpay`, `qqpay`. */
  payment_type: z.string(),
  /** An image URL or an icon class. */
  icon: z.string(),
  /** Origin for callbacks; empty = the server address. */
  callback_domain: z.string(),
  /** USD per payment. */
  fixed_fee: z.number(),
  /** Fraction of the price, 0.05 = 5 %. */
  percent_fee: z.number(),
  /** Payment currency per USD, e.g. 7.3 (RMB) or 0.8. */
  currency_rate: z.number(),
  currency: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Credentials; secret fields are returned empty and kept when saved empty. */
  config: z.record(z.string(), z.unknown()),
  created_at: z.number().int(),
});
export type PaymentGateway = z.output<typeof paymentGateway>;

const origin = z
  .string()
  .trim()
  .max(255)
  .refine(
    (v) => v === '' || /^https?:\/\/[^/\s]+$/.test(v.replace(/\/+$/, '')),
    'payment_callback_origin',
  );

/** `POST /api/payment/gateway/` and `PUT` (with `id`): name and currency rate are required. */
export const savePaymentGatewayRequest = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, 'payment_gateway_name_required').max(64),
  provider: z.string().trim().min(1).max(16),
  payment_type: z.string().trim().max(32).default(''),
  icon: z.string().trim().max(255).default(''),
  callback_domain: origin.default(''),
  fixed_fee: z.number().min(0).max(1000).default(0),
  percent_fee: z.number().min(0).max(1).default(0),
  currency_rate: z
    .number({ error: 'payment_rate_required' })
    .positive('payment_rate_required')
    .max(1_000_000),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .default('CNY')
    .transform((v) => v.toUpperCase()),
  enabled: z.boolean().default(true),
  sort: z.number().int().default(0),
  config: z.record(z.string(), z.unknown()).default({}),
});
export type SavePaymentGatewayRequest = z.input<typeof savePaymentGatewayRequest>;

/** A gateway as a buyer sees it on `/topup`. */
export const topUpGateway = paymentGateway.pick({
  id: true,
  name: true,
  provider: true,
  payment_type: true,
  icon: true,
  fixed_fee: true,
  percent_fee: true,
  currency_rate: true,
  currency: true,
});

/** `GET /api/user/topup/info`: what the top-up page offers. */
export const topUpInfo = z.object({
  /** At least one gateway is enabled. */
  enable_online_topup: z.boolean(),
  gateways: z.array(topUpGateway),
  min_amount: z.number(),
  max_amount: z.number(),
  amount_options: z.array(z.number()),
  /** `RechargeDiscount`: `{amount: discount}`, the tier reached applies. */
  discount: z.record(z.string(), z.number()),
  top_up_link: z.string(),
});
export type TopUpInfo = z.output<typeof topUpInfo>;

/** `POST /api/user/topup/quote` and `POST /api/user/pay`. */
export const payRequest = z.object({
  /** USD to buy, at most 2 decimals. */
  amount: z.number().positive('topup_amount_invalid').max(1_000_000, 'topup_amount_too_large'),
  gateway_id: z.number().int().positive(),
});

/** A price before paying. */
export const topUpQuote = z.object({
  amount: z.number(),
  discount: z.number(),
  currency: z.string(),
  /** Decimals of the minor units below, as the gateway's provider counts the currency. */
  digits: z.number().int(),
  /** In minor units (cents, fen). */
  price_minor: z.number().int(),
  fee_minor: z.number().int(),
  money_minor: z.number().int(),
  /** Quota credited once paid. */
  quota: z.number().int(),
});
export type TopUpQuote = z.output<typeof topUpQuote>;

/** How the browser pays an order it just made. */
export const payStart = z.object({
  trade_no: z.string(),
  action: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('form'),
      url: z.string(),
      fields: z.record(z.string(), z.string()),
    }),
    z.object({ kind: z.literal('redirect'), url: z.string() }),
  ]),
});
export type PayStart = z.output<typeof payStart>;

/**
 * Order states: pending → paid, closed (timeout or by the buyer) or failed. A payment
 * confirmed after its order closed still makes it paid (late payments are credited).
 */
export const orderStatuses = ['pending', 'paid', 'closed', 'failed'] as const;

/** Where a dispute (chargeback) of an order stands; '' = none. */
export const disputeStatuses = ['', 'open', 'won', 'lost', 'inquiry'] as const;

export const orderItem = z.object({
  id: z.number().int(),
  trade_no: z.string(),
  gateway_trade_no: z.string(),
  user_id: z.number().int(),
  gateway_id: z.number().int(),
  gateway_name: z.string(),
  provider: z.string(),
  payment_type: z.string(),
  amount: z.number(),
  discount: z.number(),
  currency: z.string(),
  money_minor: z.number().int(),
  /** Decimals of the `*_minor` amounts (the provider's units for the currency). */
  money_digits: z.number().int(),
  quota: z.number().int(),
  status: z.enum(orderStatuses),
  /** Refunded by the provider so far, in minor units. */
  refunded_minor: z.number().int(),
  /** Held by an open or lost dispute, in minor units. */
  disputed_minor: z.number().int(),
  dispute_status: z.enum(disputeStatuses),
  note: z.string(),
  operator_id: z.number().int(),
  created_at: z.number().int(),
  paid_at: z.number().int(),
  closed_at: z.number().int(),
  /** The buyer's role, in the staff listing (staff act only on users below their own role). */
  user_role: z.number().int().optional(),
});
export type OrderItem = z.output<typeof orderItem>;
export const orderPage = pageOf(orderItem);

/** Order list filters; `user_id` only for finance staff and above. */
export const orderListQuery = z
  .object({
    status: z.enum(orderStatuses).optional(),
    trade_no: z.string().trim().max(64).default(''),
    user_id: z.coerce.number<number | string>().int().positive().optional(),
  })
  .and(pageQuery);
export type OrderListParams = z.input<typeof orderListQuery>;

/** An order named by its number (close, query, complete). */
export const tradeNoRequest = z.object({ trade_no: z.string().trim().min(1).max(64) });

/** What asking the provider found, and whether the order was credited from it. */
export const orderQueryResult = z.object({
  provider_state: z.enum(['paid', 'unpaid', 'unknown']),
  order: orderItem,
});

/** What a callback, a close or a reversal did to an order. */
export const orderEventKinds = [
  /** Paid and credited. */
  'credited',
  /** Paid after the order had closed, and credited then. */
  'late_credited',
  /** Completed by staff (after asking the provider, or by hand). */
  'completed',
  /** A payment reported again: nothing more to do. */
  'duplicate',
  /** Paid another amount or currency than the order's: not credited. */
  'mismatch',
  /** A verified callback naming an order this gateway does not have. */
  'unknown_order',
  /** A callback that changes nothing (not paid yet, already closed, a state not acted on). */
  'ignored',
  /** The provider reports the payment failed. */
  'failed',
  /** The provider's payment page expired unpaid. */
  'expired',
  /** Closed unpaid (by the buyer, staff or the payment window). */
  'closed',
  /** The provider's payment page could not be closed with the order. */
  'cancel_failed',
  /** Refunded (part of it): its share of the quota taken back. */
  'refunded',
  /** A refund failed: its share given back. */
  'refund_returned',
  /** A dispute took the money: its share of the quota taken back. */
  'dispute_opened',
  /** A dispute was won (or its money reinstated): its share given back. */
  'dispute_returned',
  /** A dispute was lost: the money stays taken. */
  'dispute_lost',
] as const;
export type OrderEventKind = (typeof orderEventKinds)[number];

export const orderEvent = z.object({
  id: z.number().int(),
  /** 0: a callback that named no order of its gateway. */
  order_id: z.number().int(),
  gateway_id: z.number().int(),
  kind: z.enum(orderEventKinds),
  /** The provider's reference: event, refund or dispute id, trade number. */
  ref: z.string(),
  /** Money it concerned, in the order's minor units. */
  amount_minor: z.number().int(),
  /** Quota it moved (negative: taken back from the balance). */
  quota: z.number().int(),
  detail: z.string(),
  created_at: z.number().int(),
});
export type OrderEvent = z.output<typeof orderEvent>;
export const orderEventPage = pageOf(orderEvent);

/** `GET /api/user/topup/events`: one order's log, or (`unmatched`) callbacks that named none. */
export const orderEventQuery = z
  .object({
    trade_no: z.string().trim().max(64).default(''),
    unmatched: z
      .string()
      .optional()
      .transform((v) => v === 'true' || v === '1'),
  })
  .and(pageQuery);
export type OrderEventParams = z.input<typeof orderEventQuery>;
