import { launchBrowser, newContext, signIn } from './helpers/browser';
import { startServer } from './helpers/server';
import { setupRoot } from './helpers/api';
const server = await startServer();
const root = await setupRoot(server.url);
await root.call('PUT', '/api/option/', { key: 'Notice', value: 'hello' });
const browser = await launchBrowser();
const today = new Date().toLocaleDateString('sv-SE');
const ctx = await newContext(browser, server.url, { storage: { locale: 'en', notice: 'hello', notice_time: today } });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
try {
  await signIn(page, 'root', 'rootpass123');
  const { startFakeUpstream } = await import('../../server/test/fake-upstream/index');
  const up = await startFakeUpstream();
  await page.goto('/channel/add');
  await page.getByTestId('channel-name').fill('fake-openai');
  console.log('name ok');
  await page.getByTestId('channel-base-url').fill(up.url);
  console.log('url ok');
  await page.getByTestId('channel-key').fill('sk-upstream-test');
  console.log('key ok');
  await page.getByTestId('channel-fetch-models').click();
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/dbg/add.png' });
  console.log(await page.locator('.ant-message').innerText().catch(() => 'no msg'));
  await up.close();
} catch (e) {
  console.log('ERR', (e as Error).message.slice(0, 300));
  await page.screenshot({ path: '/tmp/dbg/fail.png' });
}
await browser.close();
await server.stop();
