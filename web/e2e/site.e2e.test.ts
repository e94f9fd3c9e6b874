import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiSession, setupRoot } from './helpers/api';
import { newContext } from './helpers/browser';
import { useFixture } from './helpers/fixture';

describe('site content from the server', () => {
  const f = useFixture();
  let root: ApiSession;
  const notice = '# Maintenance\n\nTonight <img src=x onerror="window.hacked=1">';
  const set = (key: string, value: string) => root.call('PUT', '/api/option/', { key, value });

  beforeAll(async () => {
    root = await setupRoot(f.server.url);
    await set('Notice', notice);
    await set('SystemName', 'Acme AI');
    await set('Footer', '<a href="https://example.com/terms">Terms</a>');
    await set('CustomCSS', 'body { outline: 3px solid rgb(1, 2, 3); }');
    await set('CustomJavaScript', 'window.customRan = (window.customRan || 0) + 1;');
    await set('QRCode', 'https://example.com/contact');
    await set('FAQ', JSON.stringify([{ question: 'How do I pay?', answer: 'With **top-up**.' }]));
  });

  it('shows the announcement until "no more reminders today", and on demand', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Maintenance' }).waitFor();
    await expect(
      page.evaluate(() => (window as { hacked?: number }).hacked),
    ).resolves.toBeUndefined();

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.reload();
    await dialog.getByRole('heading', { name: 'Maintenance' }).waitFor();

    await dialog.getByRole('button', { name: 'No more reminders today' }).click();
    await page.reload();
    await page.waitForTimeout(800);
    await expect(dialog.count()).resolves.toBe(0);

    await page.getByTestId('notice-bell').click();
    await dialog.getByRole('heading', { name: 'Maintenance' }).waitFor();
    await context.close();
  });

  it('applies name, footer, custom CSS and JavaScript, QR button and caches the status', async () => {
    const context = await newContext(f.browser, f.server.url, {
      storage: { notice_time: today(), notice },
    });
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByTestId('footer').getByRole('link', { name: 'Terms' }).waitFor();
    await page.waitForFunction(() => document.title.endsWith('Acme AI'));
    await page.waitForFunction(() => (window as { customRan?: number }).customRan === 1);
    const outline = await page.evaluate(() => getComputedStyle(document.body).outlineColor);
    expect(outline).toBe('rgb(1, 2, 3)');
    const cached = await page.evaluate(() => ({
      name: localStorage.getItem('system_name'),
      status: JSON.parse(localStorage.getItem('status') ?? '{}').system_name,
      script: localStorage.getItem('custom_javascript'),
    }));
    expect(cached).toEqual({
      name: 'Acme AI',
      status: 'Acme AI',
      script: expect.stringContaining('customRan'),
    });
    await page.locator('.ant-float-btn').click();
    await page.getByText('Scan the code to contact us').waitFor();
    await context.close();
  });

  it('renders the FAQ list', async () => {
    const context = await newContext(f.browser, f.server.url, {
      storage: { notice_time: today(), notice },
    });
    const page = await context.newPage();
    await page.goto('/faq');
    await page.getByText('How do I pay?').waitFor();
    await page.locator('strong', { hasText: 'top-up' }).waitFor();
    await context.close();
  });
});

function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
