import { Role, type InvoiceItem, type InvoiceSummary } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../src/lib/time.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { api, newUser, type TestUser } from '../tokens/console-helpers.js';
import { startFakeSmtp, type FakeSmtp } from '../signin/fakes/smtp.js';
import { smtpCredentials, useSmtp } from '../signin/signin-helpers.js';
import { minimalPdf } from './pdf-fixture.js';

type Page = { total: number; items: InvoiceItem[] };

describe(`invoices on ${testDb}`, () => {
  let t: TestApp;
  let finance: TestUser;
  let buyer: TestUser;
  let orderSeq = 0;
  let smtp: FakeSmtp;

  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startFakeSmtp(smtpCredentials);
    await useSmtp(t.ctx, smtp);
    finance = await newUser(t.ctx, Role.finance);
    buyer = await newUser(t.ctx, Role.user);
    await t.ctx.settings.set('RixApiProMax', 'true');
  });
  afterAll(async () => {
    await t.cleanup();
    await smtp.close();
  });

  /** A top-up order of `user` as the payment flow leaves it (the flow has its own tests). */
  const order = async (user: TestUser, moneyMinor: number, status = 'paid', currency = 'CNY') => {
    orderSeq += 1;
    await t.ctx.db
      .insertInto('orders')
      .values({
        trade_no: `INV${user.id}x${orderSeq}`,
        user_id: user.id,
        gateway_id: 1,
        provider: 'epay',
        amount: moneyMinor / 730,
        currency,
        money_minor: moneyMinor,
        quota: moneyMinor * 100,
        status,
        created_at: nowSeconds(),
      })
      .execute();
  };
  const apply = (user: TestUser, body: Record<string, unknown> = {}) =>
    api<InvoiceItem>(t.app, user, 'POST', '/api/invoice/', {
      type: 'vat',
      amount: 500,
      title: 'Example Trading Co., Ltd.',
      tax_id: '91310000MA1K000000',
      email: 'billing@example.com',
      remark: 'API usage, November',
      ...body,
    });
  const summary = async (user: TestUser) =>
    (await api<InvoiceSummary>(t.app, user, 'GET', '/api/invoice/self/summary')).body.data;
  const review = (who: TestUser, id: number, body: Record<string, unknown>) =>
    api<InvoiceItem>(t.app, who, 'POST', `/api/invoice/${id}/review`, body);
  const upload = (who: TestUser, id: number, content: Buffer, type = 'application/pdf') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/invoice/${id}/file`,
      headers: { ...who.headers, 'content-type': type },
      payload: content,
    });
  const download = (who: TestUser, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/invoice/${id}/file`, headers: who.headers });

  it('applies over paid top-ups in its currency, from the minimum, without forbidden words', async () => {
    await order(buyer, 80_000);
    await order(buyer, 40_000);
    await order(buyer, 90_000, 'pending');
    await order(buyer, 90_000, 'paid', 'USD');
    const before = await summary(buyer);
    expect(before).toMatchObject({
      currency: 'CNY',
      invoiceable_minor: 120_000,
      min_minor: 50_000,
      review_days: [1, 3],
      forbidden_words: ['ChatGPT'],
    });

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ amount: 499.99 }, 'invoice_amount_below_min'],
      [{ amount: 1200.01 }, 'invoice_amount_above_invoiceable'],
      [{ amount: 600.001 }, 'invoice_amount_invalid'],
      [{ amount: -5 }, 'invoice_amount_invalid'],
      [{ amount: '600' }, 'invoice_amount_invalid'],
      [{ remark: 'For chatgpt plus seats' }, 'invoice_remark_forbidden'],
      [{ title: '  ' }, 'invoice_title_required'],
      [{ tax_id: '' }, 'invoice_tax_id_required'],
      [{ tax_id: "1' or '1'='1" }, 'invoice_tax_id_invalid'],
      [{ email: 'not-an-address' }, 'email_invalid'],
      [{ type: 'receipt' }, 'invoice_type_required'],
    ];
    for (const [body, code] of refusals) {
      const refused = await apply(buyer, body);
      expect(refused.status, code).toBe(200);
      expect(refused.body, code).toMatchObject({ success: false, code });
    }
    const word = await apply(buyer, { remark: 'ChatGPT' });
    expect(word.body.message).toContain('ChatGPT');

    const made = await apply(buyer, { amount: 700.5 });
    expect(made.body.success).toBe(true);
    expect(made.body.data).toMatchObject({
      user_id: buyer.id,
      type: 'vat',
      currency: 'CNY',
      amount_minor: 70_050,
      status: 'pending',
      file_size: 0,
    });
    expect((await summary(buyer)).invoiceable_minor).toBe(49_950);
    const over = await apply(buyer, { amount: 500 });
    expect(over.body.code).toBe('invoice_amount_above_invoiceable');
    expect(over.body.message).toContain('499.50');
    const own = await api<Page>(t.app, buyer, 'GET', '/api/invoice/self');
    expect(own.body.data.items.map((i) => i.id)).toEqual([made.body.data.id]);
  });

  it('refuses applications while the pro-max edition is off', async () => {
    await t.ctx.settings.set('RixApiProMax', 'false');
    try {
      const user = await newUser(t.ctx, Role.user);
      await order(user, 100_000);
      expect((await apply(user)).body.code).toBe('invoice_disabled');
    } finally {
      await t.ctx.settings.set('RixApiProMax', 'true');
    }
  });

  it('lets only one of many simultaneous applications spend the same top-ups', async () => {
    const user = await newUser(t.ctx, Role.user);
    await order(user, 100_000);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => apply(user, { amount: 600 })),
    );
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    for (const a of answers.filter((x) => !x.body.success)) {
      expect(a.body.code).toBe('invoice_amount_above_invoiceable');
    }
    const rows = await t.ctx.db
      .selectFrom('invoices')
      .select('amount_minor')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => Number(r.amount_minor))).toEqual([60_000]);
  });

  it('is reviewed by finance: tax review, a checked PDF, approval, download by the owner only', async () => {
    const user = await newUser(t.ctx, Role.user);
    await t.ctx.db.updateTable('users').set({ language: 'de' }).where('id', '=', user.id).execute();
    await order(user, 200_000);
    const id = (await apply(user, { amount: 1000, email: 'books@example.de' })).body.data.id;

    expect((await api(t.app, user, 'GET', '/api/invoice/')).status).toBe(403);
    expect((await review(user, id, { action: 'approve' })).status).toBe(403);
    expect((await upload(user, id, minimalPdf())).statusCode).toBe(403);
    const all = await api<Page>(t.app, finance, 'GET', `/api/invoice/?user_id=${user.id}`);
    expect(all.body.data.items).toHaveLength(1);
    expect(all.body.data.items[0].username).toMatch(/^u/);

    expect((await review(finance, id, {})).body.code).toBe('invoice_action_required');
    expect((await review(finance, id, { action: 'reject' })).body.code).toBe(
      'invoice_reason_required',
    );
    expect((await review(finance, id, { action: 'approve' })).body.code).toBe(
      'invoice_pdf_required',
    );
    const moved = await review(finance, id, { action: 'tax_review' });
    expect(moved.body.data.status).toBe('tax_review');
    expect((await review(finance, id, { action: 'tax_review' })).body.code).toBe(
      'invoice_not_reviewable',
    );

    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64)]);
    const named = await upload(finance, id, png);
    expect(named.json()).toMatchObject({ success: false, code: 'invoice_pdf_invalid' });
    const truncated = minimalPdf().subarray(0, 200);
    expect((await upload(finance, id, truncated)).json().code).toBe('invoice_pdf_invalid');
    const big = Buffer.concat([minimalPdf(), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(finance, id, big)).json().code).toBe('invoice_pdf_too_large');
    const huge = await upload(finance, id, Buffer.alloc(13 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false });

    const pdf = minimalPdf();
    const stored = await upload(finance, id, pdf, 'application/octet-stream');
    expect(stored.json()).toMatchObject({ success: true, data: { file_size: pdf.length } });
    expect((await download(user, id)).json().code).toBe('invoice_file_missing');

    const approved = await review(finance, id, { action: 'approve' });
    expect(approved.body.data).toMatchObject({ status: 'completed', reviewer_id: finance.id });
    const file = await download(user, id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`invoice-${id}.pdf`);
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);

    // The issued invoice goes to the address on the application, in the owner's language.
    const mail = await smtp.waitFor((m) => m.to.includes('books@example.de'));
    expect(mail.subject).toContain(`Rechnung Nr. ${id} ausgestellt`);
    expect(mail.text).toContain('1000.00 CNY');
    expect(mail.raw).toContain(`invoice-${id}.pdf`);
    expect(mail.raw.replace(/\r?\n/g, '')).toContain(pdf.toString('base64').slice(0, 40));

    const stranger = await newUser(t.ctx, Role.user);
    expect((await download(stranger, id)).json().code).toBe('invoice_not_found');
    expect((await upload(finance, id, pdf)).json().code).toBe('invoice_not_reviewable');
    expect((await review(finance, id, { action: 'reject', reason: 'x' })).body.code).toBe(
      'invoice_not_reviewable',
    );
    const log = await t.ctx.db
      .selectFrom('logs')
      .select('content')
      .where('user_id', '=', user.id)
      .where('content', 'like', `Invoice #${id} %`)
      .execute();
    expect(log.map((l) => l.content)).toEqual([
      `Invoice #${id} over 1000.00 CNY moved to tax review by #${finance.id}`,
      `Invoice #${id} over 1000.00 CNY issued by #${finance.id}`,
    ]);
  });

  it('gives a rejected amount back, and lets one of two racing reviewers act', async () => {
    const user = await newUser(t.ctx, Role.user);
    await order(user, 100_000);
    const id = (await apply(user, { amount: 800 })).body.data.id;
    expect((await summary(user)).invoiceable_minor).toBe(20_000);
    await upload(finance, id, minimalPdf());
    const other = await newUser(t.ctx, Role.admin);
    const [a, b] = await Promise.all([
      review(finance, id, { action: 'approve' }),
      review(other, id, { action: 'reject', reason: 'wrong title' }),
    ]);
    expect([a.body.success, b.body.success].filter(Boolean)).toHaveLength(1);
    const final = (await api<Page>(t.app, user, 'GET', '/api/invoice/self')).body.data.items[0];
    if (final.status === 'rejected') {
      expect(final.reason).toBe('wrong title');
      expect((await summary(user)).invoiceable_minor).toBe(100_000);
    } else {
      expect(final.status).toBe('completed');
      expect((await summary(user)).invoiceable_minor).toBe(20_000);
    }
  });

  it('lets no one review their own invoice, nor one of a user of their rank or above', async () => {
    const admin = await newUser(t.ctx, Role.admin);
    const otherFinance = await newUser(t.ctx, Role.finance);
    await order(finance, 100_000);
    const own = (await apply(finance, { amount: 600 })).body.data.id;
    await order(admin, 100_000);
    const admins = (await apply(admin, { amount: 600 })).body.data.id;

    const listed = await api<Page>(
      t.app,
      otherFinance,
      'GET',
      `/api/invoice/?user_id=${finance.id}`,
    );
    expect(listed.body.data.items.find((i) => i.id === own)?.user_role).toBe(Role.finance);
    const self = await review(finance, own, { action: 'tax_review' });
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ success: false, code: 'staff_self_action' });
    expect((await upload(finance, own, minimalPdf())).json()).toMatchObject({
      success: false,
      code: 'staff_self_action',
    });
    expect((await review(otherFinance, own, { action: 'reject', reason: 'x' })).body.code).toBe(
      'cannot_manage_peer',
    );
    expect((await review(otherFinance, admins, { action: 'tax_review' })).body.code).toBe(
      'cannot_manage_peer',
    );
    expect((await review(admin, admins, { action: 'tax_review' })).body.code).toBe(
      'staff_self_action',
    );
    const mine = (await api<Page>(t.app, finance, 'GET', '/api/invoice/self')).body.data.items;
    expect(mine.find((i) => i.id === own)).toMatchObject({ status: 'pending', file_size: 0 });

    // Someone above them may.
    expect((await upload(admin, own, minimalPdf())).json()).toMatchObject({ success: true });
    expect((await review(admin, own, { action: 'approve' })).body.data.status).toBe('completed');
  });
});
