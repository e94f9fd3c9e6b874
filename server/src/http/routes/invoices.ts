import {
  Role,
  applyInvoiceRequest,
  idParam,
  invoiceItem,
  invoiceListQuery,
  invoicePage,
  invoicePdfMaxBytes,
  invoiceSummary,
  reviewInvoiceRequest,
} from '@gateway/shared';
import { limitByUser } from '../../domain/limits/action-limit.js';
import {
  applyForInvoice,
  invoicePdf,
  invoiceSummary as invoiceSummaryOf,
  listInvoiceItems,
  reviewInvoice,
  uploadInvoicePdf,
} from '../../domain/invoices/invoices.js';
import { authenticate } from '../middleware/with-session.js';
import { defineRoute, type RouteModule } from '../route.js';

const tags = ['invoices'];
/** Applications per user per minute. */
const applyLimit = { name: 'invoice', limit: 10, windowSeconds: 60 };
/** Bodies a little past the limit still reach the size check, for its clearer message. */
const uploadBodyLimit = invoicePdfMaxBytes + 2 * 1024 * 1024;

/** Invoices: users apply and download their own; finance staff and above review. */
export const invoiceRoutes: RouteModule = async (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/invoice/self/summary',
      summary: 'What can be invoiced, the minimum, the review time and the remark rule',
      tags,
      access: Role.user,
      response: invoiceSummary,
    },
    ({ user }) => invoiceSummaryOf(ctx, user.id),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/invoice/self',
      summary: 'Own invoices, newest first',
      tags,
      access: Role.user,
      query: invoiceListQuery,
      response: invoicePage,
    },
    ({ user, query }) =>
      listInvoiceItems(
        ctx,
        {
          userId: user.id,
          status: query.status,
          type: query.type,
          from: query.start_timestamp,
          to: query.end_timestamp,
        },
        query.page,
        query.pageSize,
      ),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/invoice/',
      summary: 'Applies for an invoice over paid top-ups not yet invoiced (pro-max)',
      tags,
      access: Role.user,
      body: applyInvoiceRequest,
      response: invoiceItem,
    },
    async ({ user, body }) => {
      await limitByUser(ctx, user.id, applyLimit);
      return applyForInvoice(ctx, user, body);
    },
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/invoice/',
      summary: 'All invoices, newest first (finance staff and above)',
      tags,
      access: Role.finance,
      query: invoiceListQuery,
      response: invoicePage,
    },
    ({ query }) =>
      listInvoiceItems(
        ctx,
        {
          userId: query.user_id,
          status: query.status,
          type: query.type,
          from: query.start_timestamp,
          to: query.end_timestamp,
        },
        query.page,
        query.pageSize,
      ),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'POST',
      url: '/api/invoice/:id/review',
      summary:
        'Moves an invoice to tax review, approves it (PDF stored) or rejects it (reason); not one’s own, nor those of users of one’s rank or above',
      tags,
      access: Role.finance,
      params: idParam,
      body: reviewInvoiceRequest,
      response: invoiceItem,
    },
    ({ user, params, body }) => reviewInvoice(ctx, params.id, body, user),
  );
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/invoice/:id/file',
      summary: "The invoice PDF: the owner's own once completed, any for finance staff",
      tags,
      access: Role.user,
      params: idParam,
      answerType: 'application/pdf',
    },
    async ({ user, params, reply }) => {
      const pdf = await invoicePdf(ctx, params.id, user);
      await reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${params.id}.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
      return null;
    },
  );

  const uploadTypes = ['application/pdf', 'application/octet-stream'];
  // The PDF is the raw request body; the caller is checked before a byte of it is read.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req) => {
      await authenticate(ctx, req, Role.finance);
    });
    for (const type of uploadTypes) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: uploadBodyLimit },
        (_req, body, done) => done(null, body),
      );
    }
    defineRoute(
      scope,
      ctx,
      {
        method: 'PUT',
        url: '/api/invoice/:id/file',
        summary: 'Stores the PDF of an invoice under review (raw body, PDF only, at most 10 MB)',
        tags,
        access: Role.finance,
        params: idParam,
        response: invoiceItem,
        bodyTypes: uploadTypes,
      },
      ({ user, params, req }) => {
        const content = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return uploadInvoicePdf(ctx, params.id, content, user);
      },
    );
  });
};
