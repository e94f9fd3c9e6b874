import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../server/test/fake-upstream/index';
import { ApiSession, registerUser, setupRoot } from './helpers/api';
import { picture, screenshotTours, shoot } from './helpers/browser';
import { consoleSuite } from './helpers/console-suite';

/**
 * Operator controls in the console: root caps a channel in its editor and watches its use in
 * the list while requests are in flight; a user caps a key in the key dialog and sees its
 * tokens this minute; price tiers on the pricing page; the routing settings.
 */
describe('operator controls', () => {
  const ui = consoleSuite('caps', { notice_time: '9999-12-31' });
  const { page } = ui;
  let upstream: FakeUpstream;
  let root: ApiSession;
  let frank: ApiSession;
  let key: string;
  let channelId: number;

  const chat = () =>
    fetch(`${ui.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });

  /**
   * The caps count per calendar minute: waits, when fewer than `seconds` of the current
   * minute are left, for the next one, so that what a test sends and then reads falls into
   * one window.
   */
  const sameMinuteFor = async (seconds: number) => {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  };

  beforeAll(async () => {
    root = await setupRoot(ui.server.url);
    await root.call('PUT', '/api/option/', { key: 'QuotaForNewUser', value: '50000000' });
    upstream = await startFakeUpstream();
    [channelId] = await root.call<number[]>('POST', '/api/channel/', {
      mode: 'single',
      channel: {
        name: 'capped',
        type: 1,
        base_url: upstream.url,
        key: 'sk-upstream',
        models: 'gpt-4o-mini',
      },
    });
    await registerUser(ui.server.url, 'frank', 'frankpass123');
    frank = new ApiSession(ui.server.url);
    await frank.login('frank', 'frankpass123');
    const [token] = await frank.call<Array<{ id: number }>>('POST', '/api/token/', {
      name: 'capped key',
      unlimited_quota: true,
    });
    key = `sk-${(await frank.call<{ key: string }>('POST', `/api/token/${token!.id}/key`)).key}`;
  }, 300_000);

  afterAll(async () => {
    await upstream?.close();
  });

  it('root caps a channel in the editor and sees what is in flight against it', async () => {
    const p = await page('root', 'rootpass123');
    await p.goto(`/channel/edit/${channelId}`);
    await p.getByLabel('Max concurrent requests').fill('2');
    await p.getByLabel('Max requests per minute').fill('100');
    await p.getByTestId('channel-submit').click();
    await expect
      .poll(() =>
        root.call<{ max_concurrency: number; max_rpm: number }>('GET', `/api/channel/${channelId}`),
      )
      .toMatchObject({ max_concurrency: 2, max_rpm: 100 });

    upstream.setBehaviour({ latencyMs: 8_000 });
    await sameMinuteFor(40);
    const calls = [chat(), chat(), chat()];
    await p.goto('/channel');
    const cell = p.getByTestId(`channel-capacity-${channelId}`);
    await expect.poll(() => cell.innerText(), { timeout: 20_000 }).toMatch(/In flight\s*2 \/ 2/);
    await expect.poll(() => cell.innerText()).toMatch(/Requests this minute\s*2 \/ 100/);
    await picture(p, 'caps-channel-list', { fullPage: true });
    const statuses = (await Promise.all(calls)).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    upstream.setBehaviour({});
  });

  it('a user caps a key in the key dialog and sees its tokens this minute', async () => {
    const p = await page('frank', 'frankpass123');
    await p.goto('/token');
    const row = p.getByTestId('token-table').locator('tr', { hasText: 'capped key' });
    await row.getByRole('button', { name: /edit/i }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByLabel('Max parallel requests').fill('4');
    await dialog.getByLabel('Tokens per minute').fill('100000');
    await dialog.getByTestId('budget-period').click();
    await p.locator('.ant-select-item-option', { hasText: 'Daily' }).click();
    await dialog.getByLabel('Budget per period (quota)').fill('1000000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await sameMinuteFor(30);
    expect((await chat()).status).toBe(200);
    await p.reload();
    const cell = p.locator('[data-testid^="token-capacity-"]');
    await expect
      .poll(() => cell.innerText(), { timeout: 20_000 })
      .toMatch(/Tokens this minute\s*[1-9][\d,]* \/ 100,000/);
    await expect.poll(() => cell.innerText()).toMatch(/In flight\s*0 \/ 4/);
    const budget = p.locator('[data-testid^="token-budget-"]');
    await expect.poll(() => budget.innerText()).toMatch(/Today\s*\$?[\d.,]+ \/ \$?[\d.,]+/);
    const stored = await frank.call<{
      items: Array<{ budget_period: string; budget_used: number }>;
    }>('GET', '/api/token/');
    expect(stored.items[0]).toMatchObject({ budget_period: 'day' });
    expect(stored.items[0]!.budget_used).toBeGreaterThan(0);
  });

  it('shows price tiers on the pricing page, and the routing settings to root', async () => {
    await root.call('PUT', '/api/option/', {
      key: 'ModelPriceTiers',
      value: JSON.stringify({
        'gpt-4o-mini': [
          { min_prompt_tokens: 128000, model_ratio: 0.15 },
          { field: 'service_tier', equals: 'flex', model_price: 0.001 },
        ],
      }),
    });
    const p = await page('frank', 'frankpass123');
    await p.goto('/pricing');
    const tag = p.getByTestId('tiers-gpt-4o-mini').first();
    await expect.poll(() => tag.innerText(), { timeout: 20_000 }).toBe('Tiered (2)');
    await tag.hover();
    await p.getByText('From 128000 prompt tokens').waitFor();
    await p.getByText(/When service_tier = flex/).waitFor();
    await picture(p, 'caps-pricing-tiers', { fullPage: true });

    const admin = await page('root', 'rootpass123');
    await admin.goto('/setting?tab=operation');
    const section = admin.locator('[data-section="routing"]');
    await section.waitFor();
    const text = await section.innerText();
    for (const label of [
      'Model fallbacks',
      'Sticky routing rules',
      'Tiered and conditional prices',
    ]) {
      expect(text).toContain(label);
    }
    // The ready-made rules are there to switch on.
    expect(text).toContain('metadata.user_id');
    await picture(admin, 'caps-settings', { fullPage: true });
  });

  it.runIf(screenshotTours)('holds up in dark mode and at 390 px', async () => {
    for (const [name, options] of [
      ['dark', { colorScheme: 'dark' }],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      const p = await page('root', 'rootpass123', options);
      await p.goto('/channel');
      await p.getByTestId(`channel-capacity-${channelId}`).waitFor();
      await shoot(p, `caps-${name}-channels`);
      await p.goto(`/channel/edit/${channelId}`);
      await p.getByLabel('Max concurrent requests').waitFor();
      await shoot(p, `caps-${name}-editor`);
      const user = await page('frank', 'frankpass123', options);
      await user.goto('/token');
      const row = user.getByTestId('token-table').locator('tr', { hasText: 'capped key' });
      await row.getByRole('button', { name: /edit/i }).click();
      await user.getByRole('dialog').getByTestId('budget-period').waitFor();
      await user.waitForTimeout(600);
      await shoot(user, `caps-${name}-key-dialog`);
    }
  });
});
