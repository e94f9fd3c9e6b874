// `npm run measure:console`: what a first visit to the console costs. Starts the built server
// (`npm run build` first) on a fresh SQLite database, then opens /login, /panel (signed in) and
// /pricing in a cold headless Chromium and prints, per page, the bytes transferred (encoded,
// headers included) and the time until the page is usable (its main control visible and
// enabled). A measurement to read, not a test: figures move with the machine.
//   node scripts/measure-console.mjs [--root <repo checkout>] [--runs 3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const here = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: { root: { type: 'string', default: here }, runs: { type: 'string', default: '3' } },
});
const root = resolve(args.root);
const { chromium } = createRequire(join(here, 'web/package.json'))('playwright-core');

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

const dir = mkdtempSync(join(tmpdir(), 'gateway-measure-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const password = 'measure-Password-1';
const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    SQLITE_PATH: join(dir, 'gateway.db'),
    INITIAL_ROOT_PASSWORD: password,
    LOG_LEVEL: 'warn',
    WEB_DIST: join(root, 'web/dist'),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** The pages and how to tell each is usable. */
const pages = [
  { path: '/login', ready: (p) => p.getByRole('button', { name: /^sign in$/i }).first() },
  { path: '/panel', signedIn: true, ready: (p) => p.getByTestId('sidebar') },
  { path: '/pricing', ready: (p) => p.locator('.ant-table, .ant-empty').first() },
];

async function visit(browser, page) {
  const context = await browser.newContext({ locale: 'en-US' });
  if (page.signedIn) {
    const res = await context.request.post(`${base}/api/user/login`, {
      data: { username: 'root', password },
    });
    const { data } = await res.json();
    await context.addInitScript((user) => {
      localStorage.setItem('user', JSON.stringify(user));
    }, data);
  }
  const tab = await context.newPage();
  const responses = [];
  tab.on('requestfinished', (request) => responses.push(request.sizes().catch(() => null)));
  const started = Date.now();
  await tab.goto(base + page.path);
  await page.ready(tab).waitFor({ state: 'visible', timeout: 30_000 });
  const usableMs = Date.now() - started;
  await tab.waitForLoadState('networkidle');
  const sizes = (await Promise.all(responses)).filter(Boolean);
  const bytes = sizes.reduce((sum, s) => sum + s.responseBodySize + s.responseHeadersSize, 0);
  await context.close();
  return { bytes, usableMs };
}

try {
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${base}/api/status`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  console.log(`Console first visit (${root}), median of ${args.runs} cold visits`);
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < Number(args.runs); i++) runs.push(await visit(browser, page));
    const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[runs.length >> 1];
    console.log(
      `  ${page.path.padEnd(10)} ${(median('bytes') / 1024).toFixed(0).padStart(6)} KB transferred` +
        `   usable after ${String(median('usableMs')).padStart(5)} ms`,
    );
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
