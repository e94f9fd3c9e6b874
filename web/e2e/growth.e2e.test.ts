import type { Locator, Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, registerUser, setupRoot } from './helpers/api';
import { sendJson, startFakeHttp } from '../../server/test/signin/fakes/fake-http';
import { pageWidth, picture } from './helpers/browser';
import { consoleSuite } from './helpers/console-suite';

/**
 * Growth, as people use it: a user checks in on the workbench and sees the day marked in the
 * month's calendar; a friend signs up through the user's invitation link; the user sees the
 * invitee, the reward in the rebate records, and moves the invitation balance to the balance.
 * Root edits the default level and the user's prices and limits follow. The user sets up
 * webhook notifications and sees a test delivered. The user joins as an agent, root approves,
 * and the agent sees the invited user and a dividend. Photographed in light, dark and at 390 px.
 */

describe('growth: check-in and invitations', () => {
  const ui = consoleSuite('growth');
  const { page } = ui;
  let root: ApiSession;

  const toast = (p: Page, text: RegExp) =>
    expect.poll(() => p.locator('.ant-message').innerText(), { timeout: 15_000 }).toMatch(text);

  beforeAll(async () => {
    root = await setupRoot(ui.server.url);
    for (const [key, value] of Object.entries({
      CheckinEnabled: 'true',
      CheckinMaxQuota: '250000',
      CheckinMinQuota: '250000',
      AffEnabled: 'true',
      QuotaForInviter: '600000',
      QuotaForInvitee: '100000',
      // The webhook receiver of the notification test listens on loopback.
      NotifyPrivateAddresses: 'true',
    })) {
      await root.call('PUT', '/api/option/', { key, value });
    }
    await registerUser(ui.server.url, 'dana', 'danapass123');
  }, 300_000);

  afterAll(async () => {});

  it('checks in on the workbench and sees the day marked in the calendar', async () => {
    const p = await page('dana', 'danapass123');
    await p.goto('/panel');
    const card = p.getByTestId('checkin-card');
    await card.waitFor();
    await expect.poll(() => card.getByTestId('checkin-recent').innerText()).toContain('waiting');
    await card.getByTestId('checkin-button').click();
    await toast(p, /checked in: \$0\.50 added/i);
    await expect
      .poll(() => card.getByTestId('checkin-button').innerText())
      .toMatch(/checked in today/i);
    await expect.poll(() => card.locator('[data-checked]').count()).toBe(1);
    const marked = await card.locator('[data-checked]').innerText();
    expect(marked.trim()).toBe(String(new Date().getDate()));
    await expect(card.getByTestId('checkin-recent').innerText()).resolves.toContain('checked in');
    await picture(card, 'growth-checkin');
  });

  it('invites a friend through the link, sees the reward and moves it to the balance', async () => {
    const p = await page('dana', 'danapass123');
    await p.goto('/topup');
    await expect
      .poll(() => p.getByTestId('aff-link').innerText())
      .toMatch(/\/register\?aff=\w{4,}$/);
    const link = await p.getByTestId('aff-link').innerText();

    const friendContext = await ui.context();
    const friend = await friendContext.newPage();
    await friend.goto(new URL(link).pathname + new URL(link).search);
    await friend.getByLabel('Username').fill('erin');
    await friend.getByLabel('Password', { exact: true }).fill('erinpass123');
    await friend.getByLabel('Confirm password').fill('erinpass123');
    await friend.getByTestId('content').getByRole('button', { name: 'Sign up' }).click();
    await friend.waitForURL('**/login');

    await p.reload();
    await expect
      .poll(() => p.getByTestId('aff-balance').innerText(), { timeout: 10_000 })
      .toContain('$1.20');
    await expect
      .poll(() => p.getByTestId('rebate-table').innerText())
      .toContain('Reward for inviting erin');
    await p.getByTestId('aff-transfer').click();
    await p.getByTestId('aff-transfer-amount').fill('1');
    await p.getByRole('button', { name: /^move$/i }).click();
    await toast(p, /\$1\.00 moved to your balance/i);
    await expect.poll(() => p.getByTestId('aff-balance').innerText()).toContain('$0.20');
    await expect
      .poll(() => p.getByTestId('rebate-table').innerText())
      .toContain('Moved to balance');
    const dana = new ApiSession(ui.server.url);
    await dana.login('dana', 'danapass123');
    const self = await dana.call<{ quota: number; aff_quota: number }>('GET', '/api/user/self');
    expect(self).toMatchObject({ quota: 750_000, aff_quota: 100_000 });
    await picture(p, 'growth-topup', { fullPage: true });
  });

  it('root edits a level and the user sees the new price on /pricing and /limits', async () => {
    await root.call('POST', '/api/channel/', {
      mode: 'single',
      channel: {
        name: 'levels',
        type: 1,
        base_url: 'http://127.0.0.1:9',
        key: 'sk-upstream-test',
        models: 'gpt-4o-mini',
      },
    });
    const p = await page('dana', 'danapass123');
    await p.goto('/pricing');
    await expect.poll(() => p.getByTestId('price-gpt-4o-mini').innerText()).toBe('$0.15');

    const staff = await page('root', 'rootpass123');
    await staff.goto('/setting?tab=operation');
    // A new group in the groups table: name, ratio, description, offered to users.
    const groups = staff.getByTestId('groups-card');
    await groups.getByTestId('group-add').click();
    const groupForm = staff.getByTestId('group-form');
    await groupForm.getByLabel('Name').fill('premium');
    await groupForm.getByLabel('Ratio').fill('2');
    await groupForm.getByLabel('Description').fill('Dedicated capacity');
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: /^save$/i })
      .click();
    await toast(staff, /saved/i);
    await expect.poll(() => groups.innerText()).toContain('Dedicated capacity');
    const stored = await root.call<Array<{ key: string; value: string }>>('GET', '/api/option/');
    const ratio = JSON.parse(stored.find((o) => o.key === 'GroupRatio')!.value) as Record<
      string,
      number
    >;
    expect(ratio.premium).toBe(2);
    await picture(groups, 'growth-groups');

    await staff.getByTestId('level-edit-default').click();
    const form = staff.getByTestId('level-form');
    await form.getByLabel('Extra level discount').fill('0.8');
    await form.getByLabel('Exclusive benefits').fill('Priority support');
    await form.getByLabel('Requests per minute per model').fill('{"gpt-4o-mini": 30}');
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: /^save$/i })
      .click();
    await toast(staff, /level saved/i);
    await expect
      .poll(() => staff.getByTestId('level-table').innerText())
      .toContain('1 × 0.8 = 0.8');
    await staff.getByTestId('level-table').scrollIntoViewIfNeeded();
    await picture(staff, 'growth-levels');

    await p.reload();
    await expect.poll(() => p.getByTestId('price-gpt-4o-mini').innerText()).toBe('$0.12');
    await p.goto('/limits');
    const level = p.getByTestId('level-limits');
    await expect.poll(() => level.innerText()).toContain('Priority support');
    await expect(level.innerText()).resolves.toMatch(/gpt-4o-mini\s+0 of 30/);
    await expect(p.getByTestId('limits-effective').innerText()).resolves.toBe('×0.8');
  });

  it('sets up webhook notifications, sends a test and sees it delivered', async () => {
    const hook = await startFakeHttp({ 'POST /hook': (x) => sendJson(x.res, 200, { ok: true }) });
    try {
      const p = await page('dana', 'danapass123');
      await p.goto('/profile');
      const card = p.getByTestId('notifications-card');
      await card.waitFor();
      await card.getByTestId('notify-method').click();
      await p.getByTitle('Webhook (bearer token)').click();
      await card.getByLabel('Webhook address').fill(`${hook.url}/hook`);
      await card.getByLabel('Bearer token').fill('dana-secret');
      await card.getByLabel('Top-up credited').check();
      await card.getByTestId('notify-save').click();
      await toast(p, /notification settings saved/i);
      await card.getByTestId('notify-test').click();
      await toast(p, /test notification queued/i);
      await expect.poll(() => hook.requests.length, { timeout: 10_000 }).toBe(1);
      expect(hook.requests[0]!.headers.authorization).toBe('Bearer dana-secret');
      await p.reload();
      await expect
        .poll(() => p.getByTestId('notification-history').innerText(), { timeout: 10_000 })
        .toContain('Delivered');
      await p.getByTestId('notifications-card').scrollIntoViewIfNeeded();
      await picture(p.getByTestId('notifications-card'), 'growth-notifications');
    } finally {
      await hook.close();
    }
  });

  it('joins as an agent, is approved, and sees the invited user and a dividend', async () => {
    await root.call('PUT', '/api/option/', { key: 'RixApiProMax', value: 'true' });
    await root.call('PUT', '/api/option/', { key: 'AgentPageEnabled', value: 'true' });
    const p = await page('dana', 'danapass123');
    await p.goto('/agent');
    const form = p.getByTestId('agent-apply');
    await form.getByLabel('How can we reach you?').fill('wx: dana-agent');
    await form.getByRole('button', { name: 'Apply' }).click();
    await toast(p, /application sent/i);
    await expect.poll(() => p.getByTestId('agent-status').innerText()).toMatch(/being reviewed/);

    const staff = await page('root', 'rootpass123');
    await staff.goto('/agent');
    await staff.getByTestId('agent-approve-dana').click();
    await staff.getByTestId('agent-terms-form').getByLabel('Dividend rate').fill('0.2');
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: /^save$/i })
      .click();
    await toast(staff, /agent saved/i);

    // Erin, whom dana invited, consumed $1 yesterday; dana's agency counts from before that.
    const db = new Database(ui.server.dbPath);
    try {
      const erin = db.prepare("select id from users where username = 'erin'").get() as {
        id: number;
      };
      const now = Date.now();
      const yesterday = new Date(now - 86_400_000);
      yesterday.setHours(12, 0, 0, 0);
      db.prepare(
        'update agents set reviewed_at = ? where user_id = (select id from users where username = ?)',
      ).run(Math.floor(now / 1000) - 3 * 86_400, 'dana');
      // A balance given now and a request charged yesterday, each with its ledger row as the
      // ledger writes them (dividends are read from the ledger).
      const move = (delta: number, reason: string, at: number) => {
        db.prepare(
          'update users set quota = quota + ?, used_quota = used_quota + ? where id = ?',
        ).run(delta, reason === 'relay_settle' ? -delta : 0, erin.id);
        db.prepare(
          "insert into ledger_entries (account, account_id, delta, balance_after, reason, ref, operator_id, created_at) select 'user', id, ?, quota, ?, 'e2e', 0, ? from users where id = ?",
        ).run(delta, reason, at, erin.id);
      };
      move(500000, 'admin_add', Math.floor(now / 1000));
      move(-500000, 'relay_settle', Math.floor(yesterday.getTime() / 1000));
    } finally {
      db.close();
    }
    await staff.getByTestId('agent-settle').click();
    await toast(staff, /dividends credited/i);
    await picture(staff, 'growth-agent-admin', { fullPage: true });

    await p.reload();
    await expect.poll(() => p.getByTestId('agent-users').innerText()).toContain('1');
    await expect(p.getByTestId('agent-dividends').innerText()).resolves.toContain('$0.20');
    await expect.poll(() => p.getByTestId('agent-user-table').innerText()).toContain('erin');
    await p.getByRole('tab', { name: 'Dividend records' }).click();
    await expect.poll(() => p.getByTestId('agent-dividend-table').innerText()).toContain('$0.20');
    await picture(p, 'growth-agent', { fullPage: true });
  });

  it('holds up in dark mode and at 390 px', async () => {
    // Each screen, and what shows it has loaded its data.
    const screens: Array<[string, (p: Page) => Locator]> = [
      ['/panel', (p) => p.getByTestId('checkin-card').locator('[data-checked]')],
      ['/profile', (p) => p.getByTestId('notification-history').locator('tr.ant-table-row')],
      ['/agent', (p) => p.getByTestId('agent-user-table').locator('tr.ant-table-row')],
      ['/topup', (p) => p.getByTestId('rebate-table').locator('tr.ant-table-row')],
    ];
    for (const [name, options] of [
      ['dark', { colorScheme: 'dark' }],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      const p = await page('dana', 'danapass123', options);
      for (const [path, loaded] of screens) {
        await p.goto(path);
        await loaded(p).first().waitFor();
        await picture(p, `growth-${path.slice(1)}-${name}`, { fullPage: true });
        if (name === 'mobile') expect(await pageWidth(p)).toBeLessThanOrEqual(390);
      }
    }
  });
});
