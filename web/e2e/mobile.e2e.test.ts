import { describe, expect, it } from 'vitest';
import { registerUser, setupRoot } from './helpers/api';
import { newContext, signIn } from './helpers/browser';
import { useFixture } from './helpers/fixture';

describe('mobile layout (390 px)', () => {
  const f = useFixture();

  it('replaces the sidebar by a slide-over drawer with a dimmed backdrop', async () => {
    await setupRoot(f.server.url);
    await registerUser(f.server.url, 'carol', 'carolpass1');
    const context = await newContext(f.browser, f.server.url, { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, 'carol', 'carolpass1');
    await page.goto('/profile');
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
    await expect(page.getByTestId('top-nav').count()).resolves.toBe(0);

    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.locator('.mobile-nav-drawer');
    await drawer.locator('.ant-drawer-section').waitFor();
    await expect(drawer.locator('.ant-drawer-mask').isVisible()).resolves.toBe(true);
    await drawer.getByRole('menuitem', { name: 'API keys' }).click();
    await page.waitForURL('**/token');
    await drawer.locator('.ant-drawer-section').waitFor({ state: 'hidden' });

    await page.getByTestId('mobile-menu-button').click();
    await drawer.locator('.ant-drawer-mask').click({ position: { x: 370, y: 400 } });
    await drawer.locator('.ant-drawer-section').waitFor({ state: 'hidden' });

    // The browser's back button closes it too.
    await page.getByTestId('mobile-menu-button').click();
    await drawer.locator('.ant-drawer-section').waitFor();
    await page.goBack();
    await page.waitForURL('**/profile');
    await drawer.locator('.ant-drawer-section').waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows the sidebar on desktop widths, collapsible', async () => {
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await signIn(page, 'carol', 'carolpass1');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor();
    const wide = (await sidebar.boundingBox())?.width ?? 0;
    await page.getByRole('button', { name: 'Collapse' }).click();
    await page.waitForTimeout(400);
    const narrow = (await sidebar.boundingBox())?.width ?? 0;
    expect(narrow).toBeLessThan(wide);
    await page.goto('/');
    await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
    await context.close();
  });
});
