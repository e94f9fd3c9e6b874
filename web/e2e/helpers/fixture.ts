import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type TestServer } from './server';

/** A server with a fresh database and a browser, for one test file. */
export interface Fixture {
  server: TestServer;
  browser: Browser;
}

/** Starts the server and the browser before the file's tests and stops them after. */
export function useFixture(): Fixture {
  const fixture = {} as Fixture;
  beforeAll(async () => {
    fixture.server = await startServer();
    fixture.browser = await launchBrowser();
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.server?.stop();
  });
  return fixture;
}
