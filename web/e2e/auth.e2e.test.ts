import { describe, expect, it } from 'vitest';
import { setupRoot } from './helpers/api';
import { newContext, signIn } from './helpers/browser';
import { useFixture } from './helpers/fixture';

describe('sign-up and sign-in', () => {
  const f = useFixture();

  it('registers with the rules of the form, prefilled invitation code, then signs in', async () => {
    await setupRoot(f.server.url);
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await page.goto('/register?aff=AbCd');
    await expect(page.getByLabel('Invitation code').inputValue()).resolves.toBe('AbCd');

    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password', { exact: true }).fill('alicepass1');
    await page.getByLabel('Confirm password').fill('alicepass2');
    await page.getByTestId('content').getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('The two passwords do not match').waitFor();

    await page.getByLabel('Confirm password').fill('alicepass1');
    await page.getByTestId('content').getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/login');

    await signIn(page, 'alice', 'alicepass1');
    expect(new URL(page.url()).pathname).toBe('/panel');
    await page.getByTestId('user-menu').click();
    await page.getByText('Log out').click();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('user'))).resolves.toBeNull();
    await context.close();
  });

  it('shows the server refusal for a wrong password', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/username or e-mail/i).fill('alice');
    await page.getByLabel(/^password$/i).fill('wrongpass1');
    await page
      .getByTestId('content')
      .getByRole('button', { name: /^sign in$/i })
      .click();
    await page.locator('.ant-message-error').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('returns to the page the visitor came from after sign-in', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await page.goto('/profile?tab=1');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile?tab=1');
    await page.getByLabel(/username or e-mail/i).fill('alice');
    await page.getByLabel(/^password$/i).fill('alicepass1');
    await page
      .getByTestId('content')
      .getByRole('button', { name: /^sign in$/i })
      .click();
    await page.waitForURL('**/profile?tab=1');
    await context.close();
  });

  it('sends an expired session to /login?expired=true and forgets the user', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await signIn(page, 'alice', 'alicepass1');
    await context.clearCookies();
    await page.goto('/profile');
    await page.waitForURL('**/login?expired=true');
    await page.getByTestId('expired-notice').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('user'))).resolves.toBeNull();
    await context.close();
  });
});
