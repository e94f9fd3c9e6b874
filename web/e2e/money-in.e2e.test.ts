import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEpay, type FakeEpay } from '../../server/test/fake-epay/index';
import { minimalPdf } from '../../server/test/money-in/pdf-fixture';
import { registerUser, setupRoot, ApiSession } from './helpers/api';
import { pageWidth, picture } from './helpers/browser';
import { consoleSuite } from './helpers/console-suite';

/**
 * Money in, as people do it: root generates redemption codes on /redemption and takes them
 * from the dialog; a user redeems one on /topup, sees the balance and the recharge record
 * move, and is told when a code was already used. Root adds an EPay gateway in the settings;
 * the user pays $10 through a fake EPay cashier and sees the balance, the order and the
 * recharge record, applies for an invoice that finance approves with a PDF, and downloads
 * it. The screens photographed in light, dark and at 390 px.
 */

const merchantKey = 'e2e-merchant-key';

describe('money in: redemption codes', () => {
  const ui = consoleSuite('money-in');
  const { page } = ui;
  let root: ApiSession;
  let cashier: FakeEpay;

  const toast = (p: Page, text: RegExp) =>
    expect.poll(() => p.locator('.ant-message').innerText(), { timeout: 15_000 }).toMatch(text);

  beforeAll(async () => {
    root = await setupRoot(ui.server.url);
    await registerUser(ui.server.url, 'carol', 'carolpass12');
    cashier = await startFakeEpay({ pid: '1001', key: merchantKey });
  }, 300_000);

  afterAll(async () => {
    await cashier?.close();
  });

  let codes: string[] = [];

  it('root generates a batch and takes the codes from the dialog', async () => {
    const p = await page('root', 'rootpass123');
    await p.goto('/redemption');
    await p.getByRole('button', { name: /generate codes/i }).click();
    const form = p.getByTestId('redemption-form');
    await form.getByLabel(/^name$/i).fill('spring');
    await form.getByLabel(/value of each code/i).fill('2');
    await form.getByLabel(/how many codes/i).fill('3');
    await p.getByRole('button', { name: /^generate$/i }).click();
    const shown = p.getByTestId('new-codes');
    await shown.waitFor();
    codes = (await shown.inputValue()).split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{32}$/);
    await p.waitForTimeout(400);
    await picture(p, 'money-in-new-codes');
    await p.getByRole('button', { name: /^done$/i }).click();
    await expect.poll(() => p.locator('tbody tr.ant-table-row').count()).toBe(3);
    await expect(p.locator('tbody').innerText()).resolves.toContain('Unused');
  });

  it('a user redeems a code on /topup and sees the balance and the record', async () => {
    const p = await page('carol', 'carolpass12');
    await p.goto('/topup');
    await p.getByTestId('redeem-code').fill(codes[0]!);
    await p.getByTestId('redeem-submit').click();
    await toast(p, /redeemed: \$2\.00 added/i);
    await expect
      .poll(() => p.locator('.ant-statistic').first().innerText(), { timeout: 10_000 })
      .toContain('$2.00');
    await expect
      .poll(() => p.locator('.ant-table-tbody').innerText(), { timeout: 10_000 })
      .toContain(codes[0]!);

    // The same code again: refused, and the balance stays.
    await p.getByTestId('redeem-code').fill(codes[0]!);
    await p.getByTestId('redeem-submit').click();
    await toast(p, /already been used/i);
    const carol = new ApiSession(ui.server.url);
    await carol.login('carol', 'carolpass12');
    expect((await carol.call<{ quota: number }>('GET', '/api/user/self')).quota).toBe(1_000_000);

    // Root sees it used, and by whom.
    const list = await root.call<{
      items: Array<{ key: string; status: number; used_user_id: number }>;
    }>('GET', '/api/redemption/?keyword=spring');
    expect(list.items.find((c) => c.key === codes[0])).toMatchObject({
      status: 3,
      used_user_id: carol.userId,
    });
  });

  it('root adds an EPay gateway in the settings, secrets kept out of the page', async () => {
    const p = await page('root', 'rootpass123');
    await p.goto('/setting');
    await p.getByRole('button', { name: /add gateway/i }).click();
    const form = p.getByTestId('gateway-form');
    await form.getByLabel(/^name$/i).fill('Alipay');
    await form.getByLabel(/gateway address/i).fill(cashier.base);
    await form.getByLabel(/merchant id/i).fill('1001');
    await form.getByLabel(/merchant key/i).fill(merchantKey);
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /^save$/i })
      .click();
    await expect
      .poll(() => p.getByTestId('gateway-table').innerText(), { timeout: 10_000 })
      .toContain('1 USD = 7.3 CNY');
    await p.getByTestId('gateway-table').scrollIntoViewIfNeeded();
    await picture(p, 'money-in-gateways');
    const listed = await root.call<Array<{ config: Record<string, string> }>>(
      'GET',
      '/api/payment/gateway/',
    );
    expect(listed[0]!.config).toMatchObject({ pid: '1001', key: '' });
  });

  it('a user pays $10 through the cashier and sees balance, order and record', async () => {
    const p = await page('carol', 'carolpass12');
    const before = (
      await (async () => {
        const carol = new ApiSession(ui.server.url);
        await carol.login('carol', 'carolpass12');
        return carol.call<{ quota: number }>('GET', '/api/user/self');
      })()
    ).quota;
    await p.goto('/topup');
    await p.getByRole('button', { name: '$10', exact: true }).click();
    await expect
      .poll(() => p.getByTestId('topup-quote').innerText(), { timeout: 10_000 })
      .toContain('73.00');
    await picture(p, 'money-in-online', { fullPage: true });
    const popupOpened = p.waitForEvent('popup');
    await p.getByTestId('topup-pay').click();
    const cashierPage = await popupOpened;
    await expect(cashierPage.locator('#amount').innerText()).resolves.toContain('¥73.00');
    await cashierPage.locator('#pay').click();
    await cashierPage.waitForURL(/\/order\?trade_no=TU/);
    await expect
      .poll(() => cashierPage.getByTestId('order-table').innerText(), { timeout: 15_000 })
      .toMatch(/Paid/);
    await picture(cashierPage, 'money-in-order', { fullPage: true });

    // The order in full, from its number; finance staff also read its log.
    const openOrder = (on: Page) =>
      on.getByTestId('order-table').getByRole('button', { name: /^TU/ }).first().click();
    await openOrder(cashierPage);
    await expect
      .poll(() => cashierPage.locator('.ant-drawer').innerText(), { timeout: 10_000 })
      .toContain('¥73.00');
    const staff = await page('root', 'rootpass123');
    await staff.goto('/order');
    await staff.getByText('All orders', { exact: true }).click();
    await openOrder(staff);
    await expect
      .poll(() => staff.getByTestId('order-events').innerText(), { timeout: 10_000 })
      .toContain('Paid and credited');
    await picture(staff, 'money-in-order-drawer');

    await p.reload();
    await expect
      .poll(() => p.locator('.ant-statistic').first().innerText(), { timeout: 10_000 })
      .toContain(`$${(before / 500_000 + 10).toFixed(2)}`);
    await expect
      .poll(() => p.locator('.ant-table-tbody').last().innerText(), { timeout: 10_000 })
      .toContain('Online top-up TU');
  });

  it('a user applies for an invoice that finance approves with a PDF, then downloads it', async () => {
    await root.call('PUT', '/api/option/', { key: 'RixApiProMax', value: 'true' });
    await root.call('PUT', '/api/option/', { key: 'InvoiceMinAmount', value: '50' });
    const p = await page('carol', 'carolpass12');
    await p.goto('/invoice');
    await expect
      .poll(() => p.getByTestId('invoiceable').innerText(), { timeout: 10_000 })
      .toContain('73.00');
    await p.getByTestId('invoice-apply').click();
    const form = p.getByTestId('invoice-apply-form');
    await form.getByLabel(/^amount/i).fill('60');
    await form.getByLabel(/invoice title/i).fill('Carol Studio Ltd.');
    await form.getByLabel(/taxpayer id/i).fill('91310000MA1K000000');
    await form.getByLabel(/e-mail/i).fill('carol@example.com');
    await form.getByLabel(/remark/i).fill('for ChatGPT seats');
    await p.getByRole('button', { name: /^submit$/i }).click();
    await form.getByText('The remark must not contain "ChatGPT"').waitFor();
    await form.getByLabel(/remark/i).fill('API usage');
    await picture(p, 'money-in-invoice-apply');
    await p.getByRole('button', { name: /^submit$/i }).click();
    await toast(p, /application submitted/i);
    await expect
      .poll(() => p.getByTestId('invoice-table').innerText(), { timeout: 10_000 })
      .toContain('Pending review');
    // The summary is read again after the table; under load it lands a moment later.
    await expect
      .poll(() => p.getByTestId('invoiceable').innerText(), { timeout: 10_000 })
      .toContain('13.00');

    // Finance (root ranks above) reviews it: approving asks for the PDF, a fake one is refused.
    const staff = await page('root', 'rootpass123');
    await staff.goto('/invoice');
    await staff.getByText('All invoices').click();
    const review = staff.locator('[data-testid^="invoice-review-"]').first();
    await review.click();
    const reviewForm = staff.getByTestId('invoice-review-form');
    await reviewForm.getByText('Approve and issue').click();
    await staff.getByRole('button', { name: /^confirm$/i }).click();
    await reviewForm.getByText('Upload the invoice PDF to approve').waitFor();
    const picker = staff.locator('input[type="file"]');
    await picker.setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('\x89PNG not a pdf'),
    });
    await toast(staff, /not a PDF/i);
    await picker.setInputFiles({
      name: 'invoice-carol.pdf',
      mimeType: 'application/pdf',
      buffer: minimalPdf('Carol Studio'),
    });
    await reviewForm.getByText('invoice-carol.pdf').waitFor();
    await picture(staff, 'money-in-invoice-review');
    await staff.getByRole('button', { name: /^confirm$/i }).click();
    await toast(staff, /review saved/i);
    await expect
      .poll(() => staff.getByTestId('invoice-table').innerText(), { timeout: 10_000 })
      .toContain('Completed');

    await p.reload();
    const download = p.waitForEvent('download');
    await p.locator('[data-testid^="invoice-download-"]').first().click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoice-\d+\.pdf$/);
    const saved = await file.path();
    expect(readFileSync(saved).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('both screens hold up in dark mode and at 390 px', async () => {
    // Who opens each screen, and what shows it has loaded.
    const screens: Array<['root' | 'carol', string, (p: Page) => Locator[]]> = [
      ['root', '/redemption', (p) => [p.locator('tbody tr.ant-table-row')]],
      ['carol', '/topup', (p) => [p.getByTestId('redeem-code'), p.getByTestId('topup-pay')]],
      ['carol', '/order', (p) => [p.getByTestId('order-table').locator('tr.ant-table-row')]],
      ['carol', '/invoice', (p) => [p.getByTestId('invoice-table').locator('tr.ant-table-row')]],
    ];
    for (const [name, options] of [
      ['dark', { colorScheme: 'dark' }],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      const pages = {
        root: await page('root', 'rootpass123', options),
        carol: await page('carol', 'carolpass12', options),
      };
      for (const [who, path, loaded] of screens) {
        const p = pages[who];
        await p.goto(path);
        for (const part of loaded(p)) await part.first().waitFor();
        await picture(p, `money-in-${path.slice(1)}-${name}`, { fullPage: true });
        if (name === 'mobile') expect(await pageWidth(p)).toBeLessThanOrEqual(390);
      }
    }
  });
});
