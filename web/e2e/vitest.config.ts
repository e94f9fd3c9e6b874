import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** End-to-end tests: the built console served by the real server, driven in Chromium. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/helpers/global-setup.ts'],
    environment: 'node',
    // Generous: CI machines run these several times slower than a workstation.
    testTimeout: 150_000,
    hookTimeout: 120_000,
    // `expect.poll` waits 1 s by default: a page that renders a few seconds late on a loaded
    // machine is not a failure.
    expect: { poll: { timeout: 15_000 } },
    // Two files at a time: each has its own server (free port, own database) and browser.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
