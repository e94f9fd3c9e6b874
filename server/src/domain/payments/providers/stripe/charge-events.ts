import type Stripe from 'stripe';
import {
  findOrder,
  findOrderByPaymentRef,
  setPaymentRef,
  type OrderRow,
} from '../../../../db/queries/payments.js';
import { recordOrderEvent } from '../../order-events.js';
import { applyReversal, type Reversal } from '../../reversals.js';
import { notifyPaymentIncident, type PaymentIncident } from '../../staff-notice.js';
import type { StripeHook } from './stripe-hook.js';

/** Events about a paid order's money coming back: refunds and disputes. */
const chargeEvents = new Set([
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.closed',
]);

export const isChargeEvent = (type: string) => chargeEvents.has(type);

/** Refund states in which Stripe has taken the money back from the balance. */
const refundTaken = new Set(['pending', 'requires_action', 'succeeded']);
/** Refund states in which the money stays (it failed or was cancelled). */
const refundUndone = new Set(['failed', 'canceled']);

const incidentOf: Record<Reversal['kind'], PaymentIncident> = {
  refunded: 'payment_refund',
  refund_returned: 'payment_refund_returned',
  dispute_opened: 'payment_dispute',
  dispute_returned: 'payment_dispute_returned',
  dispute_lost: 'payment_dispute_lost',
};

const idOf = (value: string | { id: string } | null | undefined) =>
  (typeof value === 'string' ? value : value?.id) || undefined;

/**
 * A refund or dispute event: found through the order's PaymentIntent (stored when its session
 * completed, else named by the intent's `trade_no` metadata), it moves the order's refunded or
 * disputed money and takes that share of a credited order's quota back, once per refund and
 * per dispute phase (`applyReversal`). A dispute takes its money when it opens, because Stripe
 * withdraws the disputed amount then, and gives it back if it is won; an inquiry (a
 * `warning_*` dispute) takes nothing.
 */
export async function handleChargeEvent(hook: StripeHook): Promise<void> {
  const { event } = hook;
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    const order = await orderOfPayment(hook, idOf(charge.payment_intent), charge.metadata);
    if (!order) return;
    let applied = 0;
    for (const refund of await refundsOf(hook, charge)) {
      if (await reverseRefund(hook, order, refund, false)) applied++;
    }
    if (applied === 0) {
      await recordOrderEvent(hook.ctx.db, order, {
        kind: 'duplicate',
        ref: event.id,
        detail: `charge ${charge.id}: every refund was seen before`,
      });
    }
    return;
  }
  if (event.type.startsWith('charge.refund.') || event.type.startsWith('refund.')) {
    const refund = event.data.object as Stripe.Refund;
    const order = await orderOfPayment(hook, idOf(refund.payment_intent), refund.metadata);
    if (order) await reverseRefund(hook, order, refund, true);
    return;
  }
  const dispute = event.data.object as Stripe.Dispute;
  const order = await orderOfPayment(hook, idOf(dispute.payment_intent), dispute.metadata);
  if (order) await reverseDispute(hook, order, dispute);
}

/** Every refund of a charge: those the event carries, or Stripe's list of them. */
async function refundsOf({ stripe }: StripeHook, charge: Stripe.Charge): Promise<Stripe.Refund[]> {
  const carried = charge.refunds;
  if (carried && !carried.has_more) return carried.data;
  const all: Stripe.Refund[] = [];
  for await (const refund of stripe.refunds.list({ charge: charge.id, limit: 100 })) {
    all.push(refund);
  }
  return all;
}

/**
 * The order a payment belongs to, or undefined (logged when it names an order this gateway
 * does not have; a payment that names none is not a top-up of ours).
 */
async function orderOfPayment(
  { ctx, gateway, stripe, event }: StripeHook,
  intent: string | undefined,
  metadata: Stripe.Metadata | null | undefined,
): Promise<OrderRow | undefined> {
  if (intent) {
    const known = await findOrderByPaymentRef(ctx.db, gateway.id, intent);
    if (known) return known;
  }
  let tradeNo = metadata?.trade_no;
  if (!tradeNo && intent)
    tradeNo = (await stripe.paymentIntents.retrieve(intent)).metadata?.trade_no;
  if (!tradeNo) {
    ctx.log.debug({ type: event.type, intent }, 'Stripe event for a payment that is not a top-up');
    return undefined;
  }
  const order = await findOrder(ctx.db, tradeNo);
  if (!order || order.gateway_id !== gateway.id) {
    await recordOrderEvent(
      ctx.db,
      undefined,
      {
        kind: 'unknown_order',
        ref: event.id,
        detail: `${event.type} for payment ${intent ?? '?'} names order "${tradeNo}", not one of this gateway`,
      },
      gateway.id,
    );
    return undefined;
  }
  if (intent) await setPaymentRef(ctx.db, order.id, intent);
  return order;
}

/** Whether Stripe reports money in the order's currency; logged as a mismatch when not. */
async function sameCurrency(
  { ctx, event }: StripeHook,
  order: OrderRow,
  what: { id: string; currency: string; amount: number },
): Promise<boolean> {
  if (what.currency === order.currency.toLowerCase()) return true;
  await recordOrderEvent(ctx.db, order, {
    kind: 'mismatch',
    ref: event.id,
    amountMinor: what.amount,
    detail: `${what.id} is in ${what.currency}, the order in ${order.currency}: nothing moved`,
  });
  return false;
}

/** Applies a reversal and tells staff when it moved something; true when it was new. */
async function reverse(hook: StripeHook, order: OrderRow, r: Reversal, logDuplicate: boolean) {
  const done = await applyReversal(hook.ctx, order, r);
  if (done.outcome === 'duplicate') {
    if (logDuplicate) {
      await recordOrderEvent(hook.ctx.db, order, {
        kind: 'duplicate',
        ref: hook.event.id,
        detail: `${r.ref}: seen before`,
      });
    }
    return false;
  }
  if (done.outcome === 'applied') {
    await notifyPaymentIncident(hook.ctx, order, incidentOf[r.kind], {
      money: Math.abs(r.refunded || r.disputed),
      quota: done.quota,
    });
  }
  return true;
}

/** A refund taken (pending or made) or undone (failed, cancelled), each once. */
async function reverseRefund(
  hook: StripeHook,
  order: OrderRow,
  refund: Stripe.Refund,
  logDuplicate: boolean,
): Promise<boolean> {
  if (!(await sameCurrency(hook, order, refund))) return false;
  const status = refund.status ?? '';
  const detail = `Stripe refund ${refund.id} (${status})`;
  if (refundTaken.has(status)) {
    return reverse(
      hook,
      order,
      {
        kind: 'refunded',
        key: `refund:${refund.id}`,
        voidedBy: `refund_returned:${refund.id}`,
        refunded: refund.amount,
        disputed: 0,
        ref: refund.id,
        detail,
      },
      logDuplicate,
    );
  }
  if (refundUndone.has(status)) {
    return reverse(
      hook,
      order,
      {
        kind: 'refund_returned',
        key: `refund_returned:${refund.id}`,
        undoes: `refund:${refund.id}`,
        refunded: -refund.amount,
        disputed: 0,
        ref: refund.id,
        detail,
      },
      logDuplicate,
    );
  }
  await recordOrderEvent(hook.ctx.db, order, { kind: 'ignored', ref: hook.event.id, detail });
  return false;
}

/** A dispute's phases: money withdrawn (opened or lost), reinstated (won), or an inquiry. */
async function reverseDispute(hook: StripeHook, order: OrderRow, dispute: Stripe.Dispute) {
  if (!(await sameCurrency(hook, order, dispute))) return;
  const { type } = hook.event;
  const { id, amount, status } = dispute;
  const detail = `Stripe dispute ${id} (${status}, ${dispute.reason})`;
  const inquiry = status.startsWith('warning_');
  const phase = (r: Omit<Reversal, 'ref' | 'detail'>, logDuplicate = true) =>
    reverse(hook, order, { ...r, ref: id, detail }, logDuplicate);
  const taken = { key: `dispute:${id}`, voidedBy: `dispute_returned:${id}`, disputed: amount };
  const given = { key: `dispute_returned:${id}`, undoes: `dispute:${id}`, disputed: -amount };
  const none = { refunded: 0, disputed: 0 };

  if (inquiry && (type === 'charge.dispute.created' || type === 'charge.dispute.closed')) {
    const opened = type === 'charge.dispute.created';
    await phase({
      kind: opened ? 'dispute_opened' : 'dispute_returned',
      key: `${opened ? 'inquiry' : 'inquiry_closed'}:${id}`,
      ...none,
      disputeStatus: opened ? 'inquiry' : '',
    });
  } else if (type === 'charge.dispute.created' || type === 'charge.dispute.funds_withdrawn') {
    await phase({ kind: 'dispute_opened', ...taken, refunded: 0, disputeStatus: 'open' });
  } else if (
    type === 'charge.dispute.funds_reinstated' ||
    (type === 'charge.dispute.closed' && status === 'won')
  ) {
    await phase({ kind: 'dispute_returned', ...given, refunded: 0, disputeStatus: 'won' });
  } else if (type === 'charge.dispute.closed' && status === 'lost') {
    // The money stays with the payer: taken now if its opening was never reported.
    const first = await phase(
      { kind: 'dispute_lost', ...taken, refunded: 0, disputeStatus: 'lost' },
      false,
    );
    if (!first)
      await phase({
        kind: 'dispute_lost',
        key: `dispute_lost:${id}`,
        ...none,
        disputeStatus: 'lost',
      });
  } else {
    await recordOrderEvent(hook.ctx.db, order, { kind: 'ignored', ref: hook.event.id, detail });
  }
}
