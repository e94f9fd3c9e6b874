import { describe, expect, it } from 'vitest';
import { newContext, signIn } from './helpers/browser';
import { useFixture } from './helpers/fixture';

describe('first run', () => {
  const f = useFixture();

  it('sends every console path to /welcome until root exists, then greets visitors', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();

    for (const path of ['/panel', '/login', '/setting']) {
      await page.goto(path);
      await page.waitForURL('**/welcome');
    }
    await page.getByRole('heading', { name: 'First-run setup' }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create root account' }).click();
    await page.getByText('The password must have 8 to 20 characters').waitFor();
    await page.getByText('The two passwords do not match').waitFor();

    await page.getByLabel('Password', { exact: true }).fill('rootpass123');
    await page.getByLabel('Confirm password').fill('rootpass123');
    await page.getByRole('button', { name: 'Create root account' }).click();
    await page.waitForURL('**/login');

    await page.goto('/welcome');
    await page.getByTestId('welcome-greeting').waitFor();
    await page.getByTestId('content').getByRole('button', { name: 'Sign up' }).waitFor();

    await signIn(page, 'root', 'rootpass123');
    expect(new URL(page.url()).pathname).toBe('/panel');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ username: 'root', role: 100 });
    await context.close();
  });
});
