import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeOAuthProvider,
  type FakeOAuthProvider,
} from '../../server/test/signin/fakes/oauth-provider';
import { startFakeSmtp, type FakeSmtp } from '../../server/test/signin/fakes/smtp';
import { startFakeWxPusher, type FakeWxPusher } from '../../server/test/signin/fakes/wxpusher';
import { setupRoot, type ApiSession } from './helpers/api';
import {
  newContext,
  picture,
  screenshotTours,
  shoot,
  signIn,
  type ContextOptions,
} from './helpers/browser';
import { useFixture } from './helpers/fixture';

const smtpAccount = { user: 'mailer@example.com', pass: 'smtp-pass' };
const clients = {
  github: { id: 'e2e-github-client', secret: 'e2e-github-secret' },
  linuxdo: { id: 'e2e-linuxdo-client', secret: 'e2e-linuxdo-secret' },
};
const wxAppToken = 'AT_e2e_token';

const variants: Array<[name: string, options: ContextOptions]> = [
  [
    'light',
    { colorScheme: 'light', storage: { 'theme-mode': 'light', notice_time: '9999-12-31' } },
  ],
  ['dark', { colorScheme: 'dark', storage: { 'theme-mode': 'dark', notice_time: '9999-12-31' } }],
  [
    'mobile',
    { width: 390, height: 844, storage: { 'theme-mode': 'light', notice_time: '9999-12-31' } },
  ],
];

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** The six-digit code of the last verification mail to `address`. */
async function codeFor(smtp: FakeSmtp, address: string, after: number): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to.includes(address) && smtp.mails.indexOf(m) >= after);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return code;
}

describe('sign-in beyond passwords', () => {
  const f = useFixture();
  let root: ApiSession;
  let smtp: FakeSmtp;
  let provider: FakeOAuthProvider;
  let wx: FakeWxPusher;

  beforeAll(async () => {
    smtp = await startFakeSmtp(smtpAccount);
    provider = await startFakeOAuthProvider(clients, { consoleUrl: f.server.url });
    wx = await startFakeWxPusher(wxAppToken);
    provider.addUser({ id: 4242, login: 'octo', name: 'Octo Cat', email: 'octo@example.com' });
    root = await setupRoot(f.server.url);
    const options: Array<[string, string]> = [
      ['SystemName', 'Gateway'],
      ['ServerAddress', f.server.url],
      ['SMTPServer', '127.0.0.1'],
      ['SMTPPort', String(smtp.port)],
      ['SMTPAccount', smtpAccount.user],
      ['SMTPToken', smtpAccount.pass],
      ['SMTPFrom', 'noreply@example.com'],
      ['EmailVerificationEnabled', 'true'],
      ['GitHubClientId', clients.github.id],
      ['GitHubClientSecret', clients.github.secret],
      ['GitHubOAuthBaseUrl', provider.url],
      ['GitHubApiBaseUrl', provider.url],
      ['GitHubOAuthEnabled', 'true'],
      ['WxPusherAppToken', wxAppToken],
      ['WxPusherBaseUrl', wx.url],
    ];
    for (const [key, value] of options) await root.call('PUT', '/api/option/', { key, value });
  });
  afterAll(async () => {
    await Promise.all([smtp?.close(), provider?.close(), wx?.close()]);
  });

  it('signs up with an e-mail code read from the SMTP server', async () => {
    const context = await newContext(f.browser, f.server.url, variants[0][1]);
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByLabel('Username').fill('carol');
    await page.getByLabel('Password', { exact: true }).fill('carolpass1');
    await page.getByLabel('Confirm password').fill('carolpass1');
    // The e-mail input shares its row with the send button, so it is found by placeholder.
    await page.getByPlaceholder('E-mail').fill('carol@example.com');
    const before = smtp.mails.length;
    await page.getByTestId('send-code').click();
    const code = await codeFor(smtp, 'carol@example.com', before);
    await page
      .getByTestId('send-code')
      .getByText(/Resend in/)
      .waitFor();
    await page.getByLabel('Verification code').fill(code);
    await picture(page, 'signin-register-email-code', { fullPage: true });
    await page.getByTestId('content').getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/login');
    await signIn(page, 'carol@example.com', 'carolpass1');
    expect(new URL(page.url()).pathname).toBe('/panel');
    await context.close();
  });

  it('resets the password through the mailed link', async () => {
    const context = await newContext(f.browser, f.server.url, variants[0][1]);
    const page = await context.newPage();
    await page.goto('/reset');
    await page.getByLabel('E-mail').fill('carol@example.com');
    const before = smtp.mails.length;
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(/a reset link is on its way/).waitFor();
    const mail = await smtp.waitFor(
      (m) => m.to.includes('carol@example.com') && smtp.mails.indexOf(m) >= before,
      10_000,
    );
    const link = new RegExp(`${f.server.url}/user/reset\\?[^\\s"<]+`).exec(mail.text)?.[0];
    if (!link) throw new Error(`no link in ${mail.text}`);
    await page.goto(link);
    await page.getByLabel('New password').fill('carolpass2');
    await page.getByLabel('Confirm password').fill('carolpass2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');
    await signIn(page, 'carol', 'carolpass2');
    expect(new URL(page.url()).pathname).toBe('/panel');

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password').fill('carolpass3');
    await page.getByLabel('Confirm password').fill('carolpass3');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('The reset link is invalid or has expired').waitFor();
    await context.close();
  });

  it('signs in with the fake GitHub and lands signed in', async () => {
    const context = await newContext(f.browser, f.server.url, variants[0][1]);
    const page = await context.newPage();
    await page.goto('/login');
    await settle(page);
    await picture(page, 'signin-login-providers', { fullPage: true });
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await page.waitForURL((url) => url.pathname === '/panel');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored).toMatchObject({ username: 'octo', display_name: 'Octo Cat' });
    await context.close();
  });

  it('shows a clear error for a forged callback', async () => {
    const context = await newContext(f.browser, f.server.url, variants[0][1]);
    const page = await context.newPage();
    await page.goto('/oauth/github?code=forged&state=forged');
    await page.getByText('GitHub sign-in failed').waitFor();
    await page.getByText(/sign-in request has expired or was not started here/).waitFor();
    await picture(page, 'signin-oauth-error', { fullPage: true });
    await context.close();
  });

  it('binds GitHub (OAuth round trip while signed in) and WxPusher (QR scan) from the profile', async () => {
    provider.addUser({ id: 5151, login: 'carol-gh' });
    provider.setApprovingUser(5151);
    const context = await newContext(f.browser, f.server.url, variants[0][1]);
    const page = await context.newPage();
    await signIn(page, 'carol', 'carolpass2');
    await page.goto('/profile');
    const card = page.getByTestId('bindings-card');
    await card.locator('[data-binding="github"]').getByRole('button', { name: 'Bind' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await card.locator('[data-binding="github"]').getByText('5151').waitFor();

    await card.locator('[data-binding="wxpusher"]').getByRole('button', { name: 'Bind' }).click();
    const dialog = page.getByTestId('wxpusher-dialog');
    await dialog.locator('img').waitFor();
    await dialog.getByText(/Expires in/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await picture(page, 'signin-wxpusher-dialog', { fullPage: true });
    const code = [...wx.extras.keys()].at(-1) ?? '';
    wx.scan(code, 'UID_carol');
    await card
      .locator('[data-binding="wxpusher"]')
      .getByText('UID_carol')
      .waitFor({ timeout: 35_000 });
    await context.close();
  });

  // A tour for a person to look at (E2E_SCREENSHOTS=1): three themes × four screens.
  it.runIf(screenshotTours)(
    'screenshots the profile bindings, login buttons and sign-in settings',
    async () => {
      for (const [variant, options] of variants) {
        const context = await newContext(f.browser, f.server.url, options);
        const page = await context.newPage();
        await page.goto('/login');
        await settle(page);
        await shoot(page, `signin-${variant}-login`);
        await signIn(page, 'carol', 'carolpass2');
        await page.goto('/profile');
        await page.getByTestId('bindings-card').waitFor();
        await settle(page);
        await shoot(page, `signin-${variant}-profile`);
        await page
          .getByTestId('bindings-card')
          .locator('[data-binding="email"]')
          .getByRole('button', { name: 'Change' })
          .click();
        await page.getByRole('dialog').getByText('Change e-mail').waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        await settle(page);
        await shoot(page, `signin-${variant}-email-dialog`);
        await context.close();

        const admin = await newContext(f.browser, f.server.url, options);
        const rootPage = await admin.newPage();
        await signIn(rootPage, 'root', 'rootpass123');
        await rootPage.goto('/setting');
        await rootPage.locator('[data-section="smtp"]').waitFor();
        await settle(rootPage);
        await shoot(rootPage, `signin-${variant}-settings`);
        await admin.close();
      }
    },
    300_000,
  );

  it('shows the bindings in every language, never a raw message key', async () => {
    const context = await newContext(f.browser, f.server.url, variants[0][1]);
    const page = await context.newPage();
    await signIn(page, 'carol', 'carolpass2');
    const titles = new Set<string>();
    for (const locale of ['en', 'zh', 'ru', 'ko', 'ja', 'es', 'de']) {
      await page.evaluate((code) => localStorage.setItem('locale', code), locale);
      await page.goto('/profile');
      const card = page.getByTestId('bindings-card');
      await card.locator('[data-binding="email"]').waitFor();
      await settle(page);
      const text = await card.innerText();
      expect(text).not.toMatch(/\b(bindings|profile|signin)\.[a-zA-Z]+/);
      titles.add(text.split('\n')[0]);
      await picture(card, `signin-bindings-${locale}`);
    }
    // Each language titles the card in its own words.
    expect(titles.size).toBe(7);
    await context.close();
  }, 180_000);

  it('sends the test mail from the settings page', async () => {
    const context = await newContext(f.browser, f.server.url, variants[0][1]);
    const page = await context.newPage();
    await signIn(page, 'root', 'rootpass123');
    await page.goto('/setting');
    const card = page.locator('[data-section="test-mail"]');
    await card.getByPlaceholder('Recipient address').fill('ops@example.com');
    await card.getByRole('button', { name: 'Send test mail' }).click();
    await page.getByText('Test mail sent to ops@example.com').waitFor();
    const mail = await smtp.waitFor((m) => m.to.includes('ops@example.com'));
    expect(mail.subject).toBe('Gateway test e-mail');
    await context.close();
  });
});
