import { formatMinor } from '@gateway/shared';
import type { AppContext } from '../../../../context.js';
import { findGateway, findOrder, moveOrder, noteOrder } from '../../../../db/queries/payments.js';
import { nowSeconds } from '../../../../lib/time.js';
import { configOf } from '../../gateways.js';
import { askProvider, creditOrder } from '../../orders.js';
import type { EpayConfig } from './epay.js';
import { moneyToMinor } from './epay.js';
import { epayVerify } from './sign.js';

/** What the gateway is told: `success` stops its retries, `fail` asks it to send again. */
export type NotifyReply = 'success' | 'fail';

/**
 * An EPay payment notification, trusted in this order: the order it names exists and is an
 * EPay order; the signature verifies with that order's gateway key; the merchant id is that
 * gateway's; the status is TRADE_SUCCESS; the money equals the order's. Only then is the
 * order credited (once: a guarded state change). A valid notification for a closed or failed
 * order is recorded on it, never credited silently: staff query the gateway and complete it.
 */
export async function handleEpayNotify(
  ctx: AppContext,
  params: Record<string, string>,
): Promise<NotifyReply> {
  const order = params.out_trade_no ? await findOrder(ctx.db, params.out_trade_no) : undefined;
  if (!order || order.provider !== 'epay') return 'fail';
  const gateway = await findGateway(ctx.db, order.gateway_id);
  if (!gateway || gateway.provider !== 'epay') return 'fail';
  const config = configOf(gateway) as EpayConfig;
  if (!epayVerify(params, config.key) || params.pid !== config.pid) {
    ctx.log.warn({ tradeNo: order.trade_no }, 'EPay notification with a bad signature refused');
    return 'fail';
  }
  if (params.trade_status !== 'TRADE_SUCCESS') return 'success';
  const expected = Number(order.money_minor);
  const paid = moneyToMinor(params.money ?? '', order.currency);
  if (paid !== expected) {
    const note = `notified ${params.money} paid, the order is for ${formatMinor(expected, order.currency)}`;
    ctx.log.error({ tradeNo: order.trade_no, money: params.money }, 'EPay amount mismatch');
    if (!(await moveOrder(ctx.db, order.id, ['pending'], { status: 'failed', note }))) {
      await noteOrder(ctx.db, order.id, note);
    }
    return 'success';
  }
  if (order.status === 'paid') return 'success';
  if (order.status !== 'pending') {
    await noteOrder(
      ctx.db,
      order.id,
      `payment notified at ${nowSeconds()} after the order was ${order.status}; query the gateway to complete it`,
    );
    ctx.log.warn({ tradeNo: order.trade_no, status: order.status }, 'payment for a closed order');
    return 'success';
  }
  if (config.query_before_credit && (await askProvider(ctx, order)).state !== 'paid') {
    ctx.log.warn({ tradeNo: order.trade_no }, 'EPay notification not confirmed by the gateway');
    return 'fail';
  }
  await creditOrder(ctx, order, {
    gatewayTradeNo: params.trade_no,
    paymentType: params.type,
    operatorId: 0,
    reopen: false,
    note: '',
  });
  return 'success';
}
