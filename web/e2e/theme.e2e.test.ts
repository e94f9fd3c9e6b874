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
});
