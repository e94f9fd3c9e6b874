import {
  type OrderItem,
  type Page,
  type TopUpInfo,
  type TopUpQuote,
  formatMinor,
} from '@gateway/shared';
import type { FastifyRequest } from 'fastify';
import {
  paymentMinAmount,
  quotaPerUnit,
  rechargeDiscount,
  serverAddress,
  topUpLink,
} from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import {
  findGateway,
  findOrder,
  insertOrder,
  listGateways,
  listOrders,
  setGatewayTradeNo,
  type GatewayRow,
  type OrderFilter,
  type OrderRow,
} from '../../db/queries/payments.js';
import { AppError } from '../../errors.js';
import { scaledExactly } from '../../lib/decimal.js';
import { randomAlphanumeric } from '../../lib/random.js';
import { nowSeconds } from '../../lib/time.js';
import { creditOrder } from './credit.js';
import { configOf, currencyUnitsOf, providerOf } from './gateways.js';
import type { PayAction, ProviderState } from './providers/provider.js';
import { paymentProviders } from './providers/registry.js';
import { maxTopUpAmount, quoteTopUp } from './quote.js';

/** Preset amounts on the top-up page. */
const amountOptions = [10, 20, 50, 100, 200, 500];

/** What the top-up page offers: enabled gateways in a currency their provider takes. */
export async function topUpInfo(ctx: AppContext): Promise<TopUpInfo> {
  const gateways = (await listGateways(ctx.db, true)).filter(
    (g) => paymentProviders[g.provider]?.units(g.currency) !== undefined,
  );
  return {
    enable_online_topup: gateways.length > 0,
    gateways: gateways.map((g) => ({
      id: g.id,
      name: g.name,
      provider: g.provider,
      payment_type: g.payment_type,
      icon: g.icon,
      fixed_fee: Number(g.fixed_fee),
      percent_fee: Number(g.percent_fee),
      currency_rate: Number(g.currency_rate),
      currency: g.currency,
    })),
    min_amount: ctx.settings.get(paymentMinAmount),
    max_amount: maxTopUpAmount,
    amount_options: amountOptions,
    discount: ctx.settings.get(rechargeDiscount),
    top_up_link: ctx.settings.get(topUpLink),
  };
}

async function enabledGateway(ctx: AppContext, id: number): Promise<GatewayRow> {
  const gateway = await findGateway(ctx.db, id);
  if (!gateway || gateway.enabled !== 1) throw new AppError('online_topup_disabled');
  return gateway;
}

/**
 * The price of `amount` USD through a gateway; refuses amounts out of range, with more than
 * two decimals (read from the number's decimal spelling: 19.99 is fine, 1.001 is not), or in a
 * currency the gateway's provider cannot take.
 */
export async function quoteFor(
  ctx: AppContext,
  amount: number,
  gatewayId: number,
): Promise<{ quote: TopUpQuote; gateway: GatewayRow }> {
  const min = ctx.settings.get(paymentMinAmount);
  if (scaledExactly(amount, 2) === undefined) throw new AppError('topup_amount_invalid');
  if (amount < min) throw new AppError('topup_amount_below_min', { min: String(min) });
  if (amount > maxTopUpAmount) throw new AppError('topup_amount_too_large');
  const gateway = await enabledGateway(ctx, gatewayId);
  const q = quoteTopUp(
    amount,
    ctx.settings.get(rechargeDiscount),
    {
      fixedFee: Number(gateway.fixed_fee),
      percentFee: Number(gateway.percent_fee),
      currencyRate: Number(gateway.currency_rate),
      currency: gateway.currency,
      units: currencyUnitsOf(gateway.provider, gateway.currency),
    },
    ctx.settings.get(quotaPerUnit),
  );
  if (q.moneyMinor <= 0) throw new AppError('topup_amount_invalid');
  return {
    gateway,
    quote: {
      amount: q.amount,
      discount: q.discount,
      currency: q.currency,
      digits: q.digits,
      price_minor: q.priceMinor,
      fee_minor: q.feeMinor,
      money_minor: q.moneyMinor,
      quota: q.quota,
    },
  };
}

/** The public origin of this site as the request reached it, when no address is set. */
function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/**
 * Starts a top-up: prices it, stores the order (its quota fixed now) and asks the provider
 * how the browser pays it. The order exists before the buyer is sent anywhere.
 */
export async function startPayment(
  ctx: AppContext,
  userId: number,
  input: { amount: number; gateway_id: number },
  req: FastifyRequest,
): Promise<{ trade_no: string; action: PayAction }> {
  const { quote, gateway } = await quoteFor(ctx, input.amount, input.gateway_id);
  const provider = providerOf(gateway.provider);
  const config = configOf(gateway);
  const tradeNo = `TU${nowSeconds()}${userId}${randomAlphanumeric(6).toUpperCase()}`;
  const now = nowSeconds();
  await insertOrder(ctx.db, {
    trade_no: tradeNo,
    user_id: userId,
    gateway_id: gateway.id,
    provider: gateway.provider,
    payment_type: gateway.payment_type,
    amount: quote.amount,
    discount: quote.discount,
    currency: quote.currency,
    money_minor: quote.money_minor,
    money_digits: quote.digits,
    quota: quote.quota,
    created_at: now,
  });
  const order = await findOrder(ctx.db, tradeNo);
  if (!order) throw new AppError('order_not_found');
  const site = ctx.settings.get(serverAddress) || requestOrigin(req);
  const { gatewayTradeNo, ...action } = await provider.start({
    config,
    paymentType: gateway.payment_type,
    order,
    urls: { callbackOrigin: gateway.callback_domain || site, siteOrigin: site },
  });
  if (gatewayTradeNo) {
    await setGatewayTradeNo(ctx.db, order.id, gatewayTradeNo);
  }
  return { trade_no: tradeNo, action: action as PayAction };
}

export function toOrderItem(row: OrderRow, gatewayNames: Map<number, string>): OrderItem {
  return {
    id: Number(row.id),
    trade_no: row.trade_no,
    gateway_trade_no: row.gateway_trade_no,
    user_id: row.user_id,
    gateway_id: row.gateway_id,
    gateway_name: gatewayNames.get(row.gateway_id) ?? '',
    provider: row.provider,
    payment_type: row.payment_type,
    amount: Number(row.amount),
    discount: Number(row.discount),
    currency: row.currency,
    money_minor: Number(row.money_minor),
    money_digits: row.money_digits,
    quota: Number(row.quota),
    status: row.status as OrderItem['status'],
    refunded_minor: Number(row.refunded_minor),
    disputed_minor: Number(row.disputed_minor),
    dispute_status: row.dispute_status as OrderItem['dispute_status'],
    note: row.note,
    operator_id: row.operator_id,
    created_at: Number(row.created_at),
    paid_at: Number(row.paid_at),
    closed_at: Number(row.closed_at),
  };
}

async function gatewayNames(ctx: AppContext): Promise<Map<number, string>> {
  return new Map((await listGateways(ctx.db)).map((g) => [g.id, g.name]));
}

export async function listOrderItems(
  ctx: AppContext,
  filter: OrderFilter,
  page: number,
  pageSize: number,
): Promise<Page<OrderItem>> {
  const { rows, total } = await listOrders(ctx.db, filter, page, pageSize);
  const names = await gatewayNames(ctx);
  return { page, page_size: pageSize, total, items: rows.map((r) => toOrderItem(r, names)) };
}

/** One order, the owner's own unless `ownerId` is undefined (staff). */
export async function orderFor(
  ctx: AppContext,
  tradeNo: string,
  ownerId?: number,
): Promise<OrderRow> {
  const order = await findOrder(ctx.db, tradeNo);
  if (!order || (ownerId !== undefined && order.user_id !== ownerId)) {
    throw new AppError('order_not_found');
  }
  return order;
}

export async function orderItem(ctx: AppContext, tradeNo: string): Promise<OrderItem> {
  return toOrderItem(await orderFor(ctx, tradeNo), await gatewayNames(ctx));
}

/** States staff may complete an order from: a closed or failed one too (their decision). */
const staffCompletable = ['pending', 'closed', 'failed'];

/** Asks the order's provider for its real state. */
export async function askProvider(ctx: AppContext, order: OrderRow): Promise<ProviderState> {
  const gateway = await findGateway(ctx.db, order.gateway_id);
  if (!gateway) return { state: 'unknown' };
  return providerOf(gateway.provider).query({ config: configOf(gateway), order });
}

/**
 * Staff ask the provider about an order and, when it says paid for the order's amount,
 * complete it from there (a closed order included); the completion names the operator.
 */
export async function queryAndComplete(
  ctx: AppContext,
  tradeNo: string,
  operatorId: number,
): Promise<{ provider_state: ProviderState['state']; order: OrderItem }> {
  const order = await orderFor(ctx, tradeNo);
  const state = await askProvider(ctx, order);
  if (state.state === 'paid' && order.status !== 'paid') {
    if (state.paidMinor !== undefined && state.paidMinor !== Number(order.money_minor)) {
      throw new AppError('order_amount_mismatch', {
        paid: formatMinor(state.paidMinor, order.currency, order.money_digits),
        expected: formatMinor(Number(order.money_minor), order.currency, order.money_digits),
      });
    }
    await creditOrder(ctx, order, {
      gatewayTradeNo: state.gatewayTradeNo,
      paymentType: state.paymentType,
      paymentRef: state.paymentRef,
      operatorId,
      from: staffCompletable,
      note: 'completed after the provider confirmed payment',
    });
  }
  return { provider_state: state.state, order: await orderItem(ctx, tradeNo) };
}

/** Staff complete an order by hand (e.g. paid outside the gateway); logged with the operator. */
export async function completeByHand(ctx: AppContext, tradeNo: string, operatorId: number) {
  const order = await orderFor(ctx, tradeNo);
  const done = await creditOrder(ctx, order, {
    operatorId,
    from: staffCompletable,
    note: `completed by hand by administrator #${operatorId}`,
  });
  if (!done.credited) throw new AppError('order_already_paid');
  return orderItem(ctx, tradeNo);
}
