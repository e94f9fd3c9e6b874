import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, newContext, shoot, signIn, type ContextOptions } from './browser';
import { startServer, type TestServer } from './server';

/** What a file's tests drive: its server, and browser contexts in English in a theme. */
export interface ConsoleSuite {
  readonly server: TestServer;
  /** A context in the light theme, or the dark one when `colorScheme` is dark. */
  context(options?: ContextOptions): Promise<BrowserContext>;
  /** A page of a new context, signed in as `user`. */
  page(user: string, password: string, options?: ContextOptions): Promise<Page>;
}

/**
 * After each failed test of the calling `describe`, a picture of every page open in `contexts`
 * (`screenshots/failed-<name>-<test>-<n>.png`).
 */
export function pictureFailures(name: string, contexts: BrowserContext[]): void {
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    let n = 0;
    for (const ctx of contexts)
      for (const p of ctx.pages())
        await shoot(p, `failed-${name}-${task.name.slice(0, 40)}-${n++}`).catch(() => undefined);
  });
}

/**
 * The frame of an e2e file that drives the console, its hooks registered in the calling
 * `describe`: a server on a fresh SQLite file and a browser before the file's own set-up; after
 * a failed test, a picture of every open page (`failed-<name>-...`); after all, the contexts,
 * the browser and the server (with its files) closed, after the file's own clean-up.
 */
export function consoleSuite(
  name: string,
  /** More of the pages' local storage (an announcement marked as seen, say). */
  storage: Record<string, string> = {},
): ConsoleSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  const context = async (options: ContextOptions = {}) => {
    const dark = options.colorScheme === 'dark';
    const ctx = await newContext(browser!, server!.url, {
      ...options,
      storage: { ...storage, 'theme-mode': dark ? 'dark' : 'light', locale: 'en' },
    });
    contexts.push(ctx);
    return ctx;
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 300_000);

  pictureFailures(name, contexts);

  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    context,
    async page(user, password, options = {}) {
      const p = await (await context(options)).newPage();
      await signIn(p, user, password);
      return p;
    },
  };
}
