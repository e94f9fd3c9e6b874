import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupRoot } from './helpers/api';
import { newContext, signIn } from './helpers/browser';
import { useFixture } from './helpers/fixture';

const languages = [
  { code: 'zh', label: '简体中文', antd: 'zh_CN' },
  { code: 'ru', label: 'Русский', antd: 'ru_RU' },
  { code: 'ko', label: '한국어', antd: 'ko_KR' },
  { code: 'ja', label: '日本語', antd: 'ja_JP' },
  { code: 'es', label: 'Español', antd: 'es_ES' },
  { code: 'de', label: 'Deutsch', antd: 'de_DE' },
  { code: 'en', label: 'English', antd: 'en_US' },
];

const layoutText = (code: string) =>
  JSON.parse(
    readFileSync(new URL(`../src/i18n/locales/${code}/layout.json`, import.meta.url), 'utf8'),
  ) as {
    nav: Record<string, string>;
    header: Record<string, string>;
  };

const antdPerPage = async (name: string) => {
  const mod = (await import(`antd/locale/${name}.js`)) as {
    default: { Pagination?: { items_per_page?: string } };
  };
  return mod.default.Pagination?.items_per_page ?? '';
};

describe('languages', () => {
  const f = useFixture();

  it('switches the interface, antd texts and the stored locale to each language', async () => {
    await setupRoot(f.server.url);
    const context = await newContext(f.browser, f.server.url);
    const page = await context.newPage();
    await signIn(page, 'root', 'rootpass123');
    await page.goto('/user');
    for (const language of languages) {
      const expected = layoutText(language.code).nav.user;
      await page.getByTestId('language-switcher').click();
      await page.getByRole('menuitem', { name: language.label }).click();
      await page.getByRole('heading', { name: expected }).waitFor();
      await expect(page.evaluate(() => localStorage.getItem('locale'))).resolves.toBe(
        language.code,
      );
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(language.code);
      const perPage = await antdPerPage(language.antd);
      await page.locator('.ant-pagination-options').getByText(perPage, { exact: false }).waitFor();
    }
    await context.close();
  });

  it('starts from the browser language, then keeps the stored one', async () => {
    const context = await newContext(f.browser, f.server.url, { locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/login');
    await page
      .getByRole('button', { name: layoutText('de').header.login })
      .first()
      .waitFor();
    await page.evaluate(() => localStorage.setItem('locale', 'ja'));
    await page.reload();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ja');
    await context.close();
  });

  it('sends the current language to the server', async () => {
    const context = await newContext(f.browser, f.server.url, { storage: { locale: 'ru' } });
    const page = await context.newPage();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/status'));
    await page.goto('/');
    expect((await request).headers()['accept-language']).toBe('ru');
    await context.close();
  });
});
