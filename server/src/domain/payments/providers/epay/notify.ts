import { formatMinor } from '@gateway/shared';
import type { AppContext } from '../../../../context.js';
import {
  findGateway,
  findOrder,
  listGateways,
  moveOrder,
  noteOrder,
} from '../../../../db/queries/payments.js';
import { isUniqueViolation } from '../../../../db/unique-violation.js';
import { confirmPayment } from '../../credit.js';
import { configOf } from '../../gateways.js';
import { recordOrderEvent } from '../../order-events.js';
import { askProvider } from '../../orders.js';
import { notifyPaymentIncident } from '../../staff-notice.js';
import type { EpayConfig } from './epay.js';
import { moneyToMinor } from './epay.js';
import { epayVerify } from './sign.js';

/** What the gateway is told: `success` stops its retries, `fail` asks it to send again. */
export type NotifyReply = 'success' | 'fail';

/**
 * An EPay payment notification, trusted in this order: the order it names exists and is an
 * EPay order; the signature verifies with that order's gateway key; the merchant id is that
 * gateway's; the status is TRADE_SUCCESS; the money equals the order's. Only then is the
 * order credited, once (a guarded state change), also when it closed before the money came
 * (a late payment, which finance staff are told about). Each outcome is logged on the order.
 */
export async function handleEpayNotify(
  ctx: AppContext,
  params: Record<string, string>,
): Promise<NotifyReply> {
  const order = params.out_trade_no ? await findOrder(ctx.db, params.out_trade_no) : undefined;
  if (!order || order.provider !== 'epay') {
    await logUnknownOrder(ctx, params);
    return 'fail';
  }
  const gateway = await findGateway(ctx.db, order.gateway_id);
  if (!gateway || gateway.provider !== 'epay') return 'fail';
  const config = configOf(gateway) as EpayConfig;
  if (!epayVerify(params, config.key) || params.pid !== config.pid) {
    ctx.log.warn({ tradeNo: order.trade_no }, 'EPay notification with a bad signature refused');
    return 'fail';
  }
  const ref = params.trade_no ?? '';
  if (params.trade_status !== 'TRADE_SUCCESS') {
    await recordOrderEvent(ctx.db, order, {
      kind: 'ignored',
      ref,
      detail: `notified ${params.trade_status ?? 'without a status'}`,
    });
    return 'success';
  }
  const expected = Number(order.money_minor);
  const paid = moneyToMinor(params.money ?? '', order.money_digits);
  if (paid !== expected) {
    const detail = `notified ${params.money} paid, the order is for ${formatMinor(expected, order.currency, order.money_digits)}`;
    ctx.log.error({ tradeNo: order.trade_no, money: params.money }, 'EPay amount mismatch');
    if (
      !(await moveOrder(ctx.db, order.id, ['pending', 'closed'], {
        status: 'failed',
        note: detail,
      }))
    ) {
      await noteOrder(ctx.db, order.id, detail);
    }
    await recordOrderEvent(ctx.db, order, {
      kind: 'mismatch',
      ref,
      amountMinor: Number.isSafeInteger(paid) ? paid : 0,
      detail,
    });
    await notifyPaymentIncident(ctx, order, 'payment_mismatch', {
      money: Number.isSafeInteger(paid) ? paid : 0,
      quota: 0,
    });
    return 'success';
  }
  if (
    config.query_before_credit &&
    order.status !== 'paid' &&
    (await askProvider(ctx, order)).state !== 'paid'
  ) {
    ctx.log.warn({ tradeNo: order.trade_no }, 'EPay notification not confirmed by the gateway');
    return 'fail';
  }
  await confirmPayment(ctx, order, {
    gatewayTradeNo: ref,
    paymentType: params.type,
    ref,
  });
  return 'success';
}

/**
 * A notification naming no EPay order: logged once per gateway trade number when it is signed
 * by one of the EPay gateways (so an operator sees money that came for an order not here);
 * an unsigned one is not trusted enough to write anything.
 */
async function logUnknownOrder(ctx: AppContext, params: Record<string, string>): Promise<void> {
  if (!params.sign || !params.trade_no) return;
  for (const gateway of await listGateways(ctx.db)) {
    if (gateway.provider !== 'epay') continue;
    let config: EpayConfig;
    try {
      config = configOf(gateway) as EpayConfig;
    } catch {
      continue;
    }
    if (!epayVerify(params, config.key) || params.pid !== config.pid) continue;
    ctx.log.warn({ outTradeNo: params.out_trade_no }, 'EPay notification for an unknown order');
    await recordOrderEvent(
      ctx.db,
      undefined,
      {
        kind: 'unknown_order',
        ref: params.trade_no,
        amountMinor: 0,
        detail: `notified ${params.trade_status ?? '?'} of ${params.money ?? '?'} for order "${params.out_trade_no ?? ''}", not one of this gateway`,
        dedupe: `epay-unknown:${gateway.id}:${params.trade_no}`,
      },
      gateway.id,
    ).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
    return;
  }
}
