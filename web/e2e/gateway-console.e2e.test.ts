import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../server/test/fake-upstream/index';
import { ApiSession, registerUser, setupRoot } from './helpers/api';
import {
  launchBrowser,
  newContext,
  picture,
  screenshotTours,
  shoot,
  signIn,
  type ContextOptions,
} from './helpers/browser';
import { pictureFailures } from './helpers/console-suite';
import { startServer, type TestServer } from './helpers/server';

/**
 * The gateway console end to end: root adds and tests a channel, a user creates a key, calls
 * the relay with it, finds the log line and its billing, watches the dashboard move, chats in
 * the playground; root changes a ratio and the pricing page follows. Then every gateway screen
 * is photographed in light, dark and at 390 px.
 */

const password = 'alicepass12';
const notice = 'Welcome to the **gateway**. New models every week.';
const today = new Date().toLocaleDateString('sv-SE');

/** A page for the chat frame that shows the chat-language messages it receives, and a fake
 *  Uptime Kuma status page API (CORS open). */
function startAux(): Promise<{ url: string; server: Server }> {
  const chatPage = `<!doctype html><html><body style="font-family:sans-serif">
<h1>Demo chat</h1><div id="lang">no language yet</div>
<script>addEventListener('message', (e) => {
  if (e.data && e.data.type === 'chat-language')
    document.getElementById('lang').textContent = 'language: ' + e.data.language;
});</script></body></html>`;
  const now = new Date().toISOString();
  const kumaPage = {
    config: { title: 'Gateway' },
    publicGroupList: [
      {
        name: 'Relay',
        monitorList: [
          { id: 1, name: 'Chat completions' },
          { id: 2, name: 'Console' },
        ],
      },
    ],
  };
  const kumaBeats = {
    heartbeatList: {
      1: Array.from({ length: 30 }, (_, i) => ({
        status: i === 12 ? 0 : 1,
        ping: 120 + i,
        time: now,
        msg: '',
      })),
      2: Array.from({ length: 30 }, () => ({ status: 1, ping: 35, time: now, msg: '' })),
    },
    uptimeList: { '1_24': 0.9667, '2_24': 1 },
  };
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.url?.startsWith('/chat.html')) {
      res.setHeader('content-type', 'text/html');
      return res.end(chatPage);
    }
    if (req.url === '/api/status-page/main') return res.end(JSON.stringify(kumaPage));
    if (req.url === '/api/status-page/heartbeat/main') return res.end(JSON.stringify(kumaBeats));
    res.statusCode = 404;
    res.end('not found');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

/** Waits for the network to calm down and the page to paint. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

/** Waits until a toast on screen matches `text`. */
async function expectToast(page: Page, text: RegExp): Promise<void> {
  const messages = page.locator('.ant-message');
  await expect
    .poll(async () => ((await messages.count()) ? messages.first().innerText() : ''), {
      timeout: 15_000,
    })
    .toMatch(text);
}

/**
 * Builds the console into a private folder: the shared `web/dist` may be rebuilt (and emptied)
 * by another e2e run at any moment. `E2E_WEB_DIST` points at a ready build instead.
 */
function buildConsole(dir: string): string {
  if (process.env.E2E_WEB_DIST) return process.env.E2E_WEB_DIST;
  const outDir = join(dir, 'dist');
  const web = fileURLToPath(new URL('..', import.meta.url));
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir], {
    cwd: web,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
  return outDir;
}

describe('gateway console', () => {
  let dir: string;
  let server: TestServer;
  let browser: Browser;
  let upstream: FakeUpstream;
  let aux: { url: string; server: Server };
  let root: ApiSession;
  let channelId = 0;
  let userKey = '';
  const contexts: BrowserContext[] = [];

  const context = async (options: ContextOptions = {}) => {
    const dark = options.colorScheme === 'dark';
    const ctx = await newContext(browser, server.url, {
      ...options,
      // The announcement counts as seen and dismissed for today, so no dialog covers the page.
      storage: { notice, notice_time: today, 'theme-mode': dark ? 'dark' : 'light', locale: 'en' },
    });
    contexts.push(ctx);
    return ctx;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-console-e2e-'));
    const env = { SQLITE_PATH: join(dir, 'gateway.db'), WEB_DIST: buildConsole(dir) };
    // The usage roll-up runs every DataExportInterval minutes, read when the jobs start:
    // set it to one minute, then restart on the same database so the dashboard can move.
    server = await startServer(env);
    root = await setupRoot(server.url);
    await root.call('PUT', '/api/option/', { key: 'DataExportInterval', value: '1' });
    await server.stop();
    server = await startServer(env);
    root = new ApiSession(server.url);
    await root.login('root', 'rootpass123');

    upstream = await startFakeUpstream();
    upstream.setBehaviour({
      text: 'Hello from the fake upstream, streamed word by word.',
      latencyMs: 30,
    });
    aux = await startAux();
    const options: Record<string, string> = {
      ChatLink: `${aux.url}/chat.html`,
      Chats: JSON.stringify([{ 'Demo Chat': `${aux.url}/chat.html?key={key}&url={address}` }]),
      UptimeKumaEnabled: 'true',
      UptimeKumaUptimeUrl: `${aux.url}/status/main`,
      UptimeKumaWebUrl: `${aux.url}/status/main`,
      Notice: notice,
      CheckinEnabled: 'true',
      AffEnabled: 'true',
      RechargeDiscount: JSON.stringify({ '100': 0.95, '500': 0.9 }),
      UserUsableGroups: JSON.stringify({
        default: 'Standard routing',
        vip: 'Faster channels',
        svip: 'Dedicated capacity',
      }),
      GroupRatio: JSON.stringify({ default: 1, vip: 1.5, svip: 2 }),
      // $10 for every new user, so alice can pay for her calls.
      QuotaForNewUser: '5000000',
    };
    for (const [key, value] of Object.entries(options))
      await root.call('PUT', '/api/option/', { key, value });
    await registerUser(server.url, 'alice', password);
    browser = await launchBrowser();
  }, 300_000);

  pictureFailures('console', contexts);

  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => undefined);
    await browser?.close();
    await upstream?.close();
    aux?.server.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('root adds a channel with models fetched from the upstream, then tests it', async () => {
    const page = await (await context()).newPage();
    await signIn(page, 'root', 'rootpass123');
    await page.goto('/channel/add');
    await page.getByTestId('channel-name').fill('fake-openai');
    await page.getByTestId('channel-base-url').fill(upstream.url);
    await page.getByTestId('channel-key').fill('sk-upstream-test');
    await page.getByTestId('channel-fetch-models').click();
    await expectToast(page, /offers 3 models/);
    await page.getByRole('combobox', { name: /test model/i }).click();
    await page.locator('.ant-select-item-option[title="gpt-4o-mini"]').click();
    const groups = page.getByRole('combobox', { name: /^groups/i });
    await groups.click();
    for (const group of ['vip', 'svip']) {
      await page.locator(`.ant-select-dropdown .ant-select-item-option[title="${group}"]`).click();
    }
    await page.keyboard.press('Escape');
    await picture(page, 'gateway-flow-channel-add', { fullPage: true });
    await page.getByTestId('channel-submit').click();
    await page.waitForURL('**/channel');
    const row = page.getByTestId('channel-table').locator('tr', { hasText: 'fake-openai' });
    await row.waitFor();
    channelId = Number(await row.locator('td').nth(1).innerText());
    expect(channelId).toBeGreaterThan(0);

    await page.getByTestId(`channel-test-${channelId}`).click();
    await expectToast(page, /test passed/i);
    expect(upstream.requests.some((r) => r.path === '/v1/chat/completions')).toBe(true);

    await page.getByTestId('channel-test-all').click();
    await expect
      .poll(() => page.getByTestId('test-all-counts').innerText(), { timeout: 20_000 })
      .toMatch(/1 of 1 tested · 1 passed · 0 failed/);
    await picture(page, 'gateway-flow-channel-test-all', { fullPage: true });
    await page.locator('.ant-modal-footer').getByRole('button', { name: /close/i }).click();

    // Priority is edited in place and saved when the field loses focus.
    const priority = row.getByRole('spinbutton', { name: /priority/i });
    await priority.fill('5');
    await priority.blur();
    await expect
      .poll(
        async () =>
          (await root.call<{ priority: number }>('GET', `/api/channel/${channelId}`)).priority,
      )
      .toBe(5);

    // Bulk tag on the selection.
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('channel-set-tag').click();
    await page.getByTestId('tag-input').fill('main');
    const tagDialog = page.getByRole('dialog');
    await tagDialog.getByRole('button', { name: /ok/i }).click();
    await tagDialog.waitFor({ state: 'hidden' });
    await expectToast(page, /“main” set on 1/);
    expect((await root.call<{ tag: string }>('GET', `/api/channel/${channelId}`)).tag).toBe('main');
    // The upstream balance (the fake's dashboard: $100 limit − $12.345 used).
    await row.getByRole('button', { name: /refresh the balance/i }).click();
    await expectToast(page, /balance \$87\.6/);

    // Copy the channel, then delete the copy.
    await row.getByRole('button', { name: /^copy$/i }).click();
    await expectToast(page, /copied as channel #\d+/i);
    const copy = page.getByTestId('channel-table').locator('tr', { hasText: 'fake-openai_copy' });
    await copy.waitFor();
    await copy.getByRole('button', { name: /delete/i }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /ok/i }).click();
    await copy.waitFor({ state: 'detached' });
    await picture(page, 'gateway-flow-channel-list', { fullPage: true });
  });

  it('a user creates a key, calls the relay with it, and sees the log line and its billing', async () => {
    const page = await (await context()).newPage();
    await signIn(page, 'alice', password);
    await page.goto('/token');
    await page.getByTestId('token-create').click();
    const form = page.getByTestId('token-form');
    await form.getByLabel(/^name$/i).fill('e2e-key');
    await form.getByRole('button', { name: 'One month' }).click();
    await picture(page, 'gateway-flow-token-create', { fullPage: true });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^create$/i })
      .click();
    await expectToast(page, /created: 1/i);
    const row = page.getByTestId('token-table').locator('tr', { hasText: 'e2e-key' });
    await row.waitFor();
    await row.getByRole('button', { name: /show the full key/i }).click();
    const keyCell = row.locator('[data-testid^="token-key-"]');
    await expect.poll(() => keyCell.innerText()).not.toContain('*');
    userKey = (await keyCell.innerText()).trim();
    expect(userKey).toMatch(/^sk-\w{20,}$/);

    // "Open in chat client": the chat link of the status object with key and address filled.
    const popup = page.context().waitForEvent('page');
    await row.getByRole('button', { name: /chat/i }).click();
    await page.getByRole('menuitem', { name: 'Demo Chat' }).click();
    const chatTab = await popup;
    await chatTab.waitForURL(/chat\.html\?key=/);
    expect(chatTab.url()).toContain(`key=${userKey}&url=${encodeURIComponent(server.url)}`);
    await chatTab.close();

    const answer = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${userKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Say hello' }],
      }),
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const body = (await answer.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0].message.content).toContain('fake upstream');

    await page.goto('/log');
    const line = page.getByTestId('log-table').locator('tr', { hasText: 'gpt-4o-mini' }).first();
    await expect
      .poll(async () => (await page.getByTestId('log-table').innerText()).includes('e2e-key'), {
        timeout: 15_000,
      })
      .toBe(true);
    await line.getByRole('button', { name: /details/i }).click();
    const drawer = page.getByRole('dialog');
    await expect
      .poll(() => drawer.getByTestId('billing-process').innerText())
      .toMatch(/Model ratio\s+0\.075/);
    expect(await drawer.getByTestId('billing-formula').innerText()).toMatch(/model 0\.075 ×/);
    expect(await drawer.innerText()).toMatch(/Non-stream/);
    await picture(page, 'gateway-flow-log-detail', { fullPage: true });
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('log-stats').innerText()).toMatch(/\$0\.\d+/);

    // CSV export of the range, fetched with the user header and handed over as a download.
    const download = page.waitForEvent('download');
    await page.getByTestId('log-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^logs-\d+-\d+\.csv$/);
    expect(readFileSync(await file.path(), 'utf8')).toContain('gpt-4o-mini');
  });

  it('the dashboard moves once the usage roll-up has run', async () => {
    const page = await (await context()).newPage();
    await signIn(page, 'alice', password);
    await page.goto('/detail');
    const summary = page.getByTestId('detail-summary');
    await expect
      .poll(
        async () => {
          await page.reload();
          await summary.waitFor();
          await settle(page);
          return summary.innerText();
        },
        { timeout: 100_000, interval: 5_000 },
      )
      .toMatch(/Requests\s+1\b/);
    await page.getByTestId('chart-quota').waitFor();
    await picture(page, 'gateway-flow-detail', { fullPage: true });
    await page.goto('/panel');
    await expect
      .poll(() => page.getByTestId('panel-today').innerText(), { timeout: 15_000 })
      .toMatch(/Requests: 1\b/);
  }, 120_000);

  it('the playground streams an answer billed to the session', async () => {
    const page = await (await context()).newPage();
    await signIn(page, 'alice', password);
    await page.goto('/playground');
    await page.getByTestId('playground-input').fill('Hello there');
    await page.getByTestId('playground-send').click();
    await expect
      .poll(() => page.getByTestId('assistant-content').last().innerText(), { timeout: 15_000 })
      .toContain('word by word');
    const sent = upstream.requests.at(-1)?.json as { stream?: boolean; model?: string };
    expect(sent.stream).toBe(true);
    await picture(page, 'gateway-flow-playground', { fullPage: true });
    await page.getByTestId('playground-clear').click();
    await expect.poll(() => page.getByTestId('turn-user').count()).toBe(0);
  });

  it('root changes a model ratio in the settings and the pricing page follows', async () => {
    const page = await (await context()).newPage();
    await page.goto('/pricing');
    await expect.poll(() => page.getByTestId('price-gpt-4o-mini').innerText()).toBe('$0.15');
    await signIn(page, 'root', 'rootpass123');
    await page.goto('/setting?tab=operation');
    const editor = page.getByTestId('map-ModelRatio');
    await editor.getByPlaceholder(/filter by name/i).fill('gpt-4o-mini');
    const ratio = editor
      .locator('tr', { has: page.locator('input[value="gpt-4o-mini"]') })
      .getByRole('spinbutton');
    await ratio.fill('0.5');
    await editor.getByTestId('map-ModelRatio-save').click();
    await expectToast(page, /saved/i);
    await page.goto('/pricing');
    await expect.poll(() => page.getByTestId('price-gpt-4o-mini').innerText()).toBe('$1');
    await page
      .getByTestId('pricing-groups')
      .getByRole('button', { name: /vip.*1\.5/ })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('price-gpt-4o-mini').innerText()).toBe('$1.5');
    await picture(page, 'gateway-flow-pricing-after', { fullPage: true });
  });

  it('the chat page frames the chat link and tells it the language', async () => {
    const page = await (await context()).newPage();
    await signIn(page, 'alice', password);
    await page.goto('/chat');
    const frame = page.frameLocator('[data-testid="chat-frame"]');
    await expect
      .poll(() => frame.locator('#lang').innerText(), { timeout: 10_000 })
      .toBe('language: en');
    await page.evaluate(() => localStorage.setItem('locale', 'de'));
    await page.reload();
    await expect
      .poll(() => frame.locator('#lang').innerText(), { timeout: 10_000 })
      .toBe('language: de');
  });

  it('uptime shows the Uptime Kuma monitors', async () => {
    const page = await (await context()).newPage();
    await page.goto('/uptime');
    await expect
      .poll(() => page.getByTestId('uptime-monitors').innerText())
      .toMatch(/Chat completions[\s\S]*96\.67%/);
  });

  const variants: Array<[string, ContextOptions]> = [
    ['light', { colorScheme: 'light' }],
    ['dark', { colorScheme: 'dark' }],
    ['mobile', { width: 390, height: 844 }],
  ];
  const userPages = [
    '/panel',
    '/token',
    '/log',
    '/detail',
    '/playground',
    '/limits',
    '/chat',
    '/guide',
    '/doc',
    '/uptime',
    '/pricing',
  ];
  const rootPages = [
    '/channel',
    '/channel/add',
    `/channel/edit/CHANNEL`,
    '/setting?tab=operation',
    '/log',
    '/detail',
  ];

  it('the other six languages: no screen shows a raw message key', async () => {
    // Every catalogue has every English key (`scripts/check-i18n.mjs`), so a raw key on screen
    // means a namespace that did not load or a key read from the wrong one, which shows in any
    // language: each screen is opened in two languages, each language opens a third of the
    // screens (on a screenshot tour, every screen in every language). The languages run side
    // by side: a page mostly waits for its network to calm down.
    const paths = [...userPages, '/channel', '/channel/add', '/setting?tab=operation'];
    const visit = async (locale: string, index: number) => {
      const ctx = await context();
      const page = await ctx.newPage();
      // Sign in in English (the helper reads English labels), then switch the stored language.
      await signIn(page, 'root', 'rootpass123');
      await page.evaluate((language) => localStorage.setItem('locale', language), locale);
      const share = screenshotTours ? paths : paths.filter((_, i) => i % 3 === index % 3);
      for (const path of share) {
        await page.goto(path);
        await settle(page);
        expect(await page.locator('body').innerText(), `${locale} ${path}`).not.toMatch(
          /\b(columns|form|filters|billing)\.[a-z]+/,
        );
        await picture(page, `gateway-${locale}-${path.slice(1).replace(/[/?=]/g, '-')}`, {
          fullPage: true,
        });
      }
      await ctx.close();
    };
    await Promise.all(['zh', 'ru', 'ko', 'ja', 'es', 'de'].map(visit));
  }, 300_000);

  for (const [variant, options] of variants) {
    it.runIf(screenshotTours)(
      `screenshots: ${variant}`,
      async () => {
        const page = await (await context(options)).newPage();
        await signIn(page, 'alice', password);
        for (const path of userPages) {
          await page.goto(path);
          await settle(page);
          await shoot(page, `gateway-${variant}-user-${path.slice(1)}`);
        }
        await page.goto('/log');
        await page
          .getByTestId('log-table')
          .locator('button', { hasText: /details/i })
          .first()
          .click();
        await settle(page);
        await shoot(page, `gateway-${variant}-user-log-drawer`);
        await page.keyboard.press('Escape');
        await page.goto('/token');
        await page.getByTestId('token-create').click();
        await settle(page);
        await shoot(page, `gateway-${variant}-user-token-dialog`);

        const admin = await (await context(options)).newPage();
        await signIn(admin, 'root', 'rootpass123');
        for (const path of rootPages) {
          await admin.goto(path.replace('CHANNEL', String(channelId)));
          await settle(admin);
          const name = path
            .replace(/\?tab=/, '-')
            .replace(/\/(edit\/)?CHANNEL/, '-edit')
            .replace(/\//g, '-')
            .slice(1);
          await shoot(admin, `gateway-${variant}-root-${name}`);
        }
      },
      120_000,
    );
  }
});
