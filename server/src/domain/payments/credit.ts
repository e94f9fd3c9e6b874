import { formatMinor, LogType, type OrderEventKind } from '@gateway/shared';
import { post } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import { transactRetrying } from '../../db/deadlock.js';
import {
  findOrderById,
  noteOrder,
  updateOrderAt,
  type OrderRow,
} from '../../db/queries/payments.js';
import { addTopUpTotal, findUserFields } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { upgradeAfterTopUp } from '../levels/upgrade.js';
import { formatBalance } from '../notifications/low-balance.js';
import { notifyUser } from '../notifications/notify.js';
import { insertAccountLog } from '../users/account-log.js';
import { recordOrderEvent } from './order-events.js';
import { quotaTakenBack } from './reversals.js';
import { notifyPaymentIncident } from './staff-notice.js';

/** How an order is being completed. */
export interface Completion {
  gatewayTradeNo?: string;
  paymentType?: string;
  /** The provider's id of the payment (Stripe's PaymentIntent), for its refunds and disputes. */
  paymentRef?: string;
  /** Who completed it by hand (0: the provider's callback). */
  operatorId: number;
  /**
   * States it may be paid from: a confirmed payment takes `pending` and `closed` (paid after
   * the order closed); staff completing an order also `failed`.
   */
  from: readonly string[];
  note: string;
  /** The provider's reference of the confirmation (event id, trade number), for the log. */
  ref?: string;
}

/** What crediting did: the state the order was paid from, or the state that stopped it. */
export type CreditResult =
  | { credited: true; from: string; quota: number; order: OrderRow }
  | { credited: false; status: string };

/** Times a credit re-reads an order that a refund or dispute changed under it. */
const creditAttempts = 5;

/**
 * Credits a paid order exactly once: moves it to `paid` from one of `how.from` with one
 * compare-and-set statement (its state and `ver` as read) and credits its stored quota,
 * less any share refunded or disputed before the payment was reported, through the ledger,
 * with the top-up log and the order's log line, in one transaction.
 */
export async function creditOrder(
  ctx: AppContext,
  order: OrderRow,
  how: Completion,
): Promise<CreditResult> {
  for (let attempt = 0; attempt < creditAttempts; attempt++) {
    const result = await transactRetrying(ctx.db, async (trx): Promise<CreditResult | null> => {
      const current = await findOrderById(trx, order.id);
      if (!current || !how.from.includes(current.status)) {
        return { credited: false, status: current?.status ?? 'missing' };
      }
      const late = current.status !== 'pending';
      const quota = Number(current.quota) - quotaTakenBack(current);
      const moved = await updateOrderAt(trx, current, {
        status: 'paid',
        paid_at: nowSeconds(),
        gateway_trade_no: how.gatewayTradeNo || current.gateway_trade_no,
        payment_type: how.paymentType || current.payment_type,
        payment_ref: how.paymentRef || current.payment_ref,
        operator_id: how.operatorId,
        note: (how.note || (late ? `paid after the order was ${current.status}` : '')).slice(
          0,
          255,
        ),
      });
      if (!moved) return null;
      await post(trx, {
        account: 'user',
        accountId: current.user_id,
        delta: quota,
        reason: 'topup',
        ref: current.trade_no,
        operatorId: how.operatorId,
      });
      await addTopUpTotal(trx, current.user_id, quota);
      const user = await findUserFields(trx, current.user_id, ['username']);
      const money = Number(current.money_minor);
      const paid = `${formatMinor(money, current.currency, current.money_digits)} ${current.currency}`;
      const by = how.operatorId ? ` (completed by administrator #${how.operatorId})` : '';
      await insertAccountLog(trx, {
        userId: current.user_id,
        username: user?.username ?? '',
        type: LogType.topup,
        content: `Online top-up ${current.trade_no}: paid ${paid} for ${current.amount} USD${by}`,
        quota,
      });
      const kind: OrderEventKind = how.operatorId
        ? 'completed'
        : late
          ? 'late_credited'
          : 'credited';
      await recordOrderEvent(trx, current, {
        kind,
        ref: how.ref ?? how.gatewayTradeNo,
        amountMinor: money,
        quota,
        detail: how.note || (late ? `paid after the order was ${current.status}` : ''),
      });
      return { credited: true, from: current.status, quota, order: current };
    });
    if (!result) continue;
    if (result.credited) {
      await upgradeAfterTopUp(ctx, order.user_id);
      await notifyUser(ctx, order.user_id, 'topup', {
        title: 'notify_topup_title',
        body: 'notify_topup_body',
        params: { amount: formatBalance(ctx, result.quota), what: order.trade_no },
      });
    }
    return result;
  }
  throw new AppError('partial_save_failed');
}

/** A payment as the provider confirmed it. */
export interface ConfirmedPayment {
  gatewayTradeNo: string;
  paymentType?: string;
  paymentRef?: string;
  /** The provider's reference of this confirmation (event id, trade number). */
  ref: string;
}

/**
 * A payment the provider confirmed (signature verified, amount and currency matching the
 * order): credited once, also when the order closed before it came (a late payment, which
 * finance staff are told about). A duplicate, or one for a failed order, is logged on the
 * order and changes nothing. Answers the log line's kind.
 */
export async function confirmPayment(
  ctx: AppContext,
  order: OrderRow,
  payment: ConfirmedPayment,
): Promise<OrderEventKind> {
  const result = await creditOrder(ctx, order, {
    ...payment,
    operatorId: 0,
    from: ['pending', 'closed'],
    note: '',
  });
  if (result.credited) {
    if (result.from === 'pending') return 'credited';
    ctx.log.warn({ tradeNo: order.trade_no }, 'payment after the order closed, credited');
    await notifyPaymentIncident(ctx, result.order, 'payment_late', {
      money: Number(order.money_minor),
      quota: result.quota,
    });
    return 'late_credited';
  }
  const duplicate = result.status === 'paid';
  const detail = duplicate
    ? 'already paid and credited'
    : `payment confirmed for a ${result.status} order; ask the provider and complete it by hand`;
  await recordOrderEvent(ctx.db, order, {
    kind: duplicate ? 'duplicate' : 'ignored',
    ref: payment.ref,
    detail,
  });
  if (!duplicate) await noteOrder(ctx.db, order.id, detail);
  return duplicate ? 'duplicate' : 'ignored';
}
