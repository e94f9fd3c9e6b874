import { beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, registerUser, setupRoot } from './helpers/api';
import { newContext, signIn } from './helpers/browser';
import { useFixture } from './helpers/fixture';

describe('route guards', () => {
  const f = useFixture();
  let root: ApiSession;

  beforeAll(async () => {
    root = await setupRoot(f.server.url);
    await registerUser(f.server.url, 'agent', 'agentpass1');
    // Bob signs up with the agent's invitation code: agents see the users they brought.
    const agentSession = new ApiSession(f.server.url);
    await agentSession.login('agent', 'agentpass1');
    const code = await agentSession.call<string>('GET', '/api/user/aff');
    await new ApiSession(f.server.url).call('POST', '/api/user/register', {
      username: 'bob',
      password: 'bobpass123',
      password2: 'bobpass123',
      aff_code: code,
    });
    const list = await root.call<{ items: Array<{ id: number; username: string }> }>(
      'GET',
      '/api/user/search?keyword=agent',
    );
    const agent = list.items.find((u) => u.username === 'agent');
    await root.call('PUT', '/api/user/', { id: agent?.id, role: 5 });
  });

  it('sends visitors to sign in, remembering where they came from', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    for (const path of ['/panel', '/token', '/setting', '/user']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
    }
    await context.close();
  });

  it('sends users with too low a role to /unauthorized', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await signIn(page, 'bob', 'bobpass123');
    for (const path of ['/setting', '/user', '/channel', '/redemption', '/user/edit/1']) {
      await page.goto(path);
      await page.waitForURL('**/unauthorized');
      await page.getByText('Sorry, you do not have permission to access this page.').waitFor();
    }
    await page.goto('/token');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/token');
    await context.close();
  });

  it('lets agents read the user list without actions', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await signIn(page, 'agent', 'agentpass1', '/login?redirect=%2Fuser');
    expect(new URL(page.url()).pathname).toBe('/user');
    await page.getByTestId('users-table').getByText('bob').waitFor();
    await expect(page.getByRole('button', { name: 'Create user' }).count()).resolves.toBe(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' }).count()).resolves.toBe(0);
    await page.goto('/setting');
    await page.waitForURL('**/unauthorized');
    await context.close();
  });

  it('shows the not-found page for any other path, without footer', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByText('Sorry, the requested page was not found.').waitFor();
    await expect(page.getByTestId('footer').count()).resolves.toBe(0);
    await context.close();
  });

  it('hides pro-max routes while the flag is off', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await signIn(page, 'bob', 'bobpass123');
    await page.goto('/invoice');
    await page.getByText('Sorry, the requested page was not found.').waitFor();
    await context.close();
  });
});
