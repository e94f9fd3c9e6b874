import {
  Role,
  hasRole,
  idParam,
  orderItem,
  orderEventPage,
  orderEventQuery,
  orderListQuery,
  orderPage,
  orderQueryResult,
  payRequest,
  payStart,
  paymentGateway,
  savePaymentGatewayRequest,
  topUpInfo,
  topUpQuote,
  tradeNoRequest,
} from '@gateway/shared';
import { z } from 'zod';
import { limitByUser } from '../../domain/limits/action-limit.js';
import {
  listPaymentGateways,
  removePaymentGateway,
  savePaymentGateway,
} from '../../domain/payments/gateways.js';
import { closeOrder } from '../../domain/payments/close.js';
import { orderEventPage as orderEventPageOf } from '../../domain/payments/order-events.js';
import {
  completeByHand,
  listOrderItems,
  orderFor,
  orderItem as orderItemOf,
  queryAndComplete,
  quoteFor,
  startPayment,
  topUpInfo as topUpInfoOf,
} from '../../domain/payments/orders.js';
import { epayNotifyPath } from '../../domain/payments/providers/epay/epay.js';
import { handleEpayNotify } from '../../domain/payments/providers/epay/notify.js';
import { stripeWebhookPath } from '../../domain/payments/providers/stripe/stripe.js';
import { handleStripeWebhook } from '../../domain/payments/providers/stripe/webhook.js';
import { findUserRoles } from '../../db/queries/users.js';
import { guardStaffAction, type StaffActor } from '../../policies/staff.js';
import { defineRoute, type RouteModule } from '../route.js';

const tags = ['payments'];
/** Orders started per user per minute. */
const payLimit = { name: 'pay', limit: 10, windowSeconds: 60 };

/** Gateways (root), top-up and orders (users; all orders for finance staff), provider callbacks. */
export const paymentRoutes: RouteModule = async (app, ctx) => {
  /** Staff credit no order of their own, nor one of a user of their rank or above. */
  const guardOrderOf = async (actor: StaffActor, tradeNo: string) =>
    guardStaffAction(ctx, actor, (await orderFor(ctx, tradeNo)).user_id);

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/payment/gateway/',
      summary: 'Payment gateways, secrets left empty',
      tags,
      access: Role.root,
      response: z.array(paymentGateway),
    },
    () => listPaymentGateways(ctx),
  );
  for (const method of ['POST', 'PUT'] as const) {
    defineRoute(
      app,
      ctx,
      {
        method,
        url: '/api/payment/gateway/',
        summary:
          method === 'POST'
            ? 'Adds a payment gateway'
            : 'Edits a payment gateway; an empty secret keeps the stored one',
        tags,
        access: Role.root,
        body: savePaymentGatewayRequest,
        response: paymentGateway,
      },
      ({ body }) => savePaymentGateway(ctx, method === 'POST' ? { ...body, id: undefined } : body),
    );
  }
  defineRoute(
    app,
    ctx,
    {
      method: 'DELETE',
      url: '/api/payment/gateway/:id',
      summary: 'Deletes a payment gateway (its orders keep their records)',
      tags,
      access: Role.root,
      params: idParam,
    },
    async ({ params }) => {
      await removePaymentGateway(ctx, params.id);
      return null;
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/topup/info',
      summary: 'What the top-up page offers: gateways, amounts, discounts, the top-up link',
      tags,
      access: Role.user,
      response: topUpInfo,
    },
    () => topUpInfoOf(ctx),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/topup/quote',
      summary: 'The final price of an amount through a gateway: discount, fees, currency',
      tags,
      access: Role.user,
      body: payRequest,
      response: topUpQuote,
    },
    async ({ body }) => (await quoteFor(ctx, body.amount, body.gateway_id)).quote,
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/pay',
      summary: 'Makes a top-up order and answers how the browser pays it',
      tags,
      access: Role.user,
      body: payRequest,
      response: payStart,
    },
    async ({ user, body, req }) => {
      await limitByUser(ctx, user.id, payLimit);
      return startPayment(ctx, user.id, body, req);
    },
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/topup/self',
      summary: 'Own orders, newest first',
      tags,
      access: Role.user,
      query: orderListQuery,
      response: orderPage,
    },
    ({ user, query }) =>
      listOrderItems(
        ctx,
        { userId: user.id, status: query.status, tradeNo: query.trade_no },
        query.page,
        query.pageSize,
      ),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/topup',
      summary: 'All orders, newest first (finance staff and above)',
      tags,
      access: Role.finance,
      query: orderListQuery,
      response: orderPage,
    },
    async ({ query }) => {
      const page = await listOrderItems(
        ctx,
        { userId: query.user_id, status: query.status, tradeNo: query.trade_no },
        query.page,
        query.pageSize,
      );
      // The buyers' roles, so that the console offers completing only orders it may complete.
      const roles = await findUserRoles(
        ctx.db,
        page.items.map((o) => o.user_id),
      );
      return { ...page, items: page.items.map((o) => ({ ...o, user_role: roles.get(o.user_id) })) };
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/user/topup/events',
      summary:
        "An order's log: every callback, close, refund and dispute and what it did (finance staff); `unmatched=true`: verified callbacks that named no order",
      tags,
      access: Role.finance,
      query: orderEventQuery,
      response: orderEventPage,
    },
    ({ query }) => orderEventPageOf(ctx.db, query),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/topup/close',
      summary:
        'Closes an own pending order (staff: any order) and its payment page at the provider',
      tags,
      access: Role.user,
      body: tradeNoRequest,
      response: orderItem,
    },
    async ({ user, body }) => {
      const staff = hasRole(user.role, Role.finance);
      const order = await orderFor(ctx, body.trade_no, staff ? undefined : user.id);
      await closeOrder(ctx, order, user.id);
      return orderItemOf(ctx, body.trade_no);
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/topup/query',
      summary:
        "Asks the provider for an order's real state and completes it when paid (not own orders, nor orders of users of one's rank or above)",
      tags,
      access: Role.finance,
      body: tradeNoRequest,
      response: orderQueryResult,
    },
    async ({ user, body }) => {
      await guardOrderOf(user, body.trade_no);
      return queryAndComplete(ctx, body.trade_no, user.id);
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/user/topup/complete',
      summary:
        "Completes an order by hand, crediting it once, logged with the operator (not own orders, nor orders of users of one's rank or above)",
      tags,
      access: Role.admin,
      body: tradeNoRequest,
      response: orderItem,
    },
    async ({ user, body }) => {
      await guardOrderOf(user, body.trade_no);
      return completeByHand(ctx, body.trade_no, user.id);
    },
  );

  // Stripe signs the exact bytes it sends: the webhook reads the body raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    defineRoute(
      scope,
      ctx,
      {
        method: 'POST',
        url: stripeWebhookPath(':id'),
        summary: "Stripe webhook of one gateway (signed with that gateway's signing secret)",
        tags,
        access: 'public',
        params: idParam,
        bodyTypes: ['application/json'],
        answerType: 'text/plain',
      },
      async ({ params, req, reply }) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
        const signature = String(req.headers['stripe-signature'] ?? '');
        const answer = await handleStripeWebhook(ctx, params.id, raw, signature);
        await reply.code(answer.status).type('text/plain').send(answer.body);
        return null;
      },
    );
  });

  // EPay notifies by GET (query) on most gateways and by POST (form) on some.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    for (const method of ['GET', 'POST'] as const) {
      defineRoute(
        scope,
        ctx,
        {
          method,
          url: epayNotifyPath,
          summary: 'EPay payment notification (signed); answers `success` or `fail` as text',
          tags,
          access: 'public',
          ...(method === 'GET'
            ? { query: z.record(z.string(), z.string()) }
            : {
                body: z.record(z.string(), z.string()),
                bodyTypes: ['application/x-www-form-urlencoded'],
              }),
          answerType: 'text/plain',
        },
        async ({ query, body, reply }) => {
          const params = (method === 'GET' ? query : body) as Record<string, string>;
          const answer = await handleEpayNotify(ctx, params);
          await reply.type('text/plain').send(answer);
          return null;
        },
      );
    }
  });
};
