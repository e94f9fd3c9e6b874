import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';

/** Where screenshots go (gitignored). */
export const screenshotDir = fileURLToPath(new URL('../screenshots', import.meta.url));

/** Launches Debian's Chromium (or CHROMIUM_PATH). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** Options of a fresh browser context. */
export interface ContextOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  locale?: string;
  /**
   * The system's motion preference. Tests run with `reduce` (antd's animations off) so that a
   * click never lands on a menu still sliding open; the motion test asks for `no-preference`.
   */
  reducedMotion?: 'reduce' | 'no-preference';
  /** localStorage entries set before any page script runs. */
  storage?: Record<string, string>;
}

/** A context with an English browser, a desktop size by default and optional storage. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  {
    width = 1366,
    height = 860,
    colorScheme = 'light',
    locale = 'en-US',
    reducedMotion = 'reduce',
    storage = {},
  }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    colorScheme,
    locale,
    reducedMotion,
  });
  if (Object.keys(storage).length > 0) {
    await context.addInitScript((entries: Record<string, string>) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  }
  return context;
}

/** Signs in through the login page and waits for the redirect. */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  path = '/login',
): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/username or e-mail/i).fill(username);
  await page.getByLabel(/^password$/i).fill(password);
  await page
    .getByTestId('content')
    .getByRole('button', { name: /^sign in$/i })
    .click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Whether the screenshot tours run (every screen in light, dark, 390 px and six more
 * languages, for a person to look at): `E2E_SCREENSHOTS=1`. They take minutes and assert
 * little, so the default run (CI) leaves them out.
 */
export const screenshotTours = process.env.E2E_SCREENSHOTS === '1';

/** How wide the page's content is: wider than the viewport means it scrolls sideways. */
export const pageWidth = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth);

/** Saves a picture of a page (its whole length with `fullPage`) or an element as `<name>.png`. */
async function save(target: Page | Locator, name: string, fullPage: boolean): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = `${screenshotDir}/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

/** Saves a full-page screenshot as `<name>.png` (a failed test's last screen, a tour's). */
export function shoot(page: Page, name: string): Promise<void> {
  return save(page, name, true);
}

/**
 * A picture of a page or an element for a person to look at, saved as `<name>.png` on the
 * screenshot tours only. Otherwise it waits for the element to be visible, as taking its
 * picture would have, and moves on: encoding a full page takes seconds on a CI machine.
 */
export async function picture(
  target: Page | Locator,
  name: string,
  { fullPage = false } = {},
): Promise<void> {
  if (screenshotTours) await save(target, name, fullPage);
  else if ('waitFor' in target) await target.waitFor();
}
