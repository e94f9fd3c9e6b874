import { beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser, setupRoot, type ApiSession } from './helpers/api';
import { newContext, screenshotTours, shoot, signIn, type ContextOptions } from './helpers/browser';
import { useFixture } from './helpers/fixture';

/** Pages seen signed out. */
const publicPages = [
  '/',
  '/login',
  '/register',
  '/reset',
  '/user/reset?email=a%40example.com&token=t',
  '/welcome',
  '/about',
  '/faq',
  '/pricing',
  '/unauthorized',
  '/no-such-page',
];

/** Pages seen as root. */
const consolePages = [
  '/panel',
  '/token',
  '/log',
  '/detail',
  '/midjourney',
  '/task',
  '/topup',
  '/order',
  '/limits',
  '/profile',
  '/user',
  '/user/edit/2',
  '/user/edit',
  '/channel',
  '/channel/add',
  '/redemption',
  '/setting',
  '/setting?tab=operation',
  '/setting?tab=personalization',
  '/setting?tab=other',
  '/playground',
  '/guide',
  '/doc',
  '/uptime',
  '/chat',
];

const variants: Array<[name: string, options: ContextOptions]> = [
  ['light', { colorScheme: 'light' }],
  ['dark', { colorScheme: 'dark' }],
  ['mobile', { width: 390, height: 844 }],
];

const slug = (path: string) =>
  path
    .replace(/\?.*tab=(\w+).*/, '-$1')
    .replace(/\?.*/, '')
    .replace(/[^a-z0-9-]+/gi, '_')
    .replace(/^_|_$/g, '') || 'home';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('header').first().waitFor();
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

describe.runIf(screenshotTours)('screenshots of every page', () => {
  const f = useFixture();
  let root: ApiSession;

  beforeAll(async () => {
    root = await setupRoot(f.server.url);
    await registerUser(f.server.url, 'dave', 'davepass12');
    await root.call('PUT', '/api/option/', {
      key: 'FAQ',
      value: JSON.stringify([{ question: 'What is this?', answer: 'An **AI gateway**.' }]),
    });
  });

  for (const [variant, options] of variants) {
    it(`${variant}`, { timeout: 300_000 }, async () => {
      const storage = {
        notice_time: '9999-12-31',
        'theme-mode': options.colorScheme === 'dark' ? 'dark' : 'light',
      };
      const visitor = await newContext(f.browser, f.server.url, { ...options, storage });
      const page = await visitor.newPage();
      for (const path of publicPages) {
        await page.goto(path);
        await settle(page);
        await shoot(page, `${variant}-public-${slug(path)}`);
      }
      await visitor.close();

      const admin = await newContext(f.browser, f.server.url, { ...options, storage });
      const rootPage = await admin.newPage();
      await signIn(rootPage, 'root', 'rootpass123');
      for (const path of consolePages) {
        await rootPage.goto(path);
        await settle(rootPage);
        await shoot(rootPage, `${variant}-${slug(path)}`);
      }
      if (variant === 'mobile') {
        await rootPage.getByTestId('mobile-menu-button').click();
        await rootPage.waitForTimeout(500);
        await shoot(rootPage, 'mobile-drawer-open');
      }
      await admin.close();
    });
  }
});
