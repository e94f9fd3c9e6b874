import { describe, expect, it } from 'vitest';
import { newContext } from './helpers/browser';
import { useFixture } from './helpers/fixture';
import { setupRoot } from './helpers/api';

describe('theme', () => {
  const f = useFixture();

  it('cycles light → dark → system, saves the choice and follows the OS in system mode', async () => {
    await setupRoot(f.server.url);
    const context = await newContext(f.browser, f.server.url, { colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    const state = () =>
      page.evaluate(() => ({
        mode: document.documentElement.dataset.themeMode,
        theme: document.documentElement.dataset.theme,
        stored: localStorage.getItem('theme-mode'),
      }));

    await expect(state()).resolves.toEqual({ mode: 'system', theme: 'dark', stored: null });
    const button = page.getByTestId('theme-button');
    await button.click();
    await expect(state()).resolves.toEqual({ mode: 'light', theme: 'light', stored: 'light' });
    await button.click();
    await expect(state()).resolves.toEqual({ mode: 'dark', theme: 'dark', stored: 'dark' });
    await button.click();
    await expect(state()).resolves.toEqual({ mode: 'system', theme: 'dark', stored: 'system' });

    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
    await button.click();
    await page.reload();
    await expect(state()).resolves.toEqual({ mode: 'light', theme: 'light', stored: 'light' });
    await context.close();
  });

  it('animates menus, unless the system asks for reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await newContext(f.browser, f.server.url, { reducedMotion });
      const page = await context.newPage();
      await page.goto('/');
      // Record every running animation antd starts while the language menu opens.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { motionSeen: string[] }).motionSeen = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            const target = record.target as Element;
            if (/-(enter|appear)-active\b/.test(target.className?.toString() ?? ''))
              seen.push(target.className.toString());
          }
        }).observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ['class'],
          childList: true,
        });
      });
      await page.getByTestId('language-switcher').click();
      await page.getByRole('menuitem', { name: 'Deutsch' }).waitFor();
      const seen = await page.evaluate(
        () => (window as unknown as { motionSeen: string[] }).motionSeen,
      );
      if (reducedMotion === 'reduce') expect(seen).toEqual([]);
      else expect(seen.length).toBeGreaterThan(0);
      await context.close();
    }
  });
});
