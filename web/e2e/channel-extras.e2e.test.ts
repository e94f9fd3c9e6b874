import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../server/test/fake-upstream/index';
import { setupRoot, type ApiSession } from './helpers/api';
import { pageWidth, picture, signIn, type ContextOptions } from './helpers/browser';
import { consoleSuite } from './helpers/console-suite';

/**
 * Channel console extras: the editor's type picker offers only the types the relay serves
 * (and still opens a channel whose type it no longer serves); channels sharing a tag are
 * edited, enabled and disabled together from the list.
 */

interface Channel {
  id: number;
  priority: number;
  weight: number;
  status: number;
  tag: string;
  models: string;
}

describe('channel extras', () => {
  const ui = consoleSuite('channel-extras');
  const { context } = ui;
  let upstream: FakeUpstream;
  let root: ApiSession;
  const ids: Record<string, number> = {};

  const signedIn = async (options: ContextOptions = {}) => {
    const page = await (await context(options)).newPage();
    await signIn(page, 'root', 'rootpass123');
    return page;
  };
  const channel = (id: number) => root.call<Channel>('GET', `/api/channel/${id}`);
  const add = async (name: string, fields: object) => {
    const [id] = await root.call<number[]>('POST', '/api/channel/', {
      mode: 'single',
      channel: {
        name,
        type: 8,
        base_url: upstream.url,
        key: 'sk-upstream-test',
        models: 'gpt-4o',
        ...fields,
      },
    });
    ids[name] = id;
    return id;
  };
  const row = (page: Page, name: string) =>
    page.getByTestId('channel-table').locator('tr', { hasText: name });
  const toast = async (page: Page, text: RegExp) =>
    expect.poll(() => page.locator('.ant-message').innerText(), { timeout: 30_000 }).toMatch(text);

  beforeAll(async () => {
    root = await setupRoot(ui.server.url);
    upstream = await startFakeUpstream();
    await add('pool-a', { tag: 'pool', priority: 1, weight: 1, models: 'gpt-4o,gpt-4o-mini' });
    await add('pool-b', { tag: 'pool', priority: 2, weight: 5 });
    await add('loner', { tag: 'solo', priority: 3 });
  }, 300_000);

  afterAll(async () => {
    await upstream?.close();
  });

  it('offers only the types the relay serves, searchable by name and id', async () => {
    const page = await signedIn();
    await page.goto('/channel/add');
    await page.getByTestId('channel-type').click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.locator('.ant-select-item-option').first().waitFor();
    await page.keyboard.type('deep');
    await expect
      .poll(() => dropdown.locator('.ant-select-item-option').allInnerTexts())
      .toEqual(['DeepSeek (43)']);
    await dropdown.locator('.ant-select-item-option', { hasText: 'DeepSeek' }).click();
    await expect
      .poll(() => page.getByTestId('channel-base-url').getAttribute('placeholder'))
      .toBe('https://api.deepseek.com');

    // Midjourney-Proxy channels are served by the task relay.
    await page.getByTestId('channel-type').click();
    await page.keyboard.type('midjourney');
    await expect
      .poll(() => dropdown.locator('.ant-select-item-option').allInnerTexts())
      .toEqual(['Midjourney Proxy (2)', 'Midjourney Proxy Plus (5)']);
    await page.keyboard.press('Escape');

    // Baidu (15) is a contract type, but the relay cannot serve it.
    await page.getByTestId('channel-type').click();
    await page.keyboard.type('baidu');
    await page.locator('.ant-select-dropdown:visible .ant-empty').waitFor();
    await expect(dropdown.locator('.ant-select-item-option').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
  });

  it("opens a channel whose type is no longer served, marked, and won't save it", async () => {
    const id = await add('legacy', { tag: 'old' });
    // A type served once, or written by another gateway: set behind the API's back.
    const db = new SQLite(ui.server.dbPath);
    db.prepare('update channels set type = 15 where id = ?').run(id);
    db.close();

    const page = await signedIn();
    // The list marks it.
    await page.goto('/channel');
    await page.getByTestId(`channel-not-served-${id}`).waitFor();
    await picture(page, 'channel-extras-list-not-served');
    await page.goto(`/channel/edit/${id}`);
    await page.getByTestId('channel-type-not-served').waitFor();
    await expect(page.getByTestId('channel-type').innerText()).resolves.toContain(
      'Baidu Wenxin (15)',
    );
    await expect(page.getByTestId('channel-form').innerText()).resolves.toContain(
      'no longer serves this type',
    );
    await expect(page.getByTestId('channel-name').inputValue()).resolves.toBe('legacy');
    await picture(page, 'channel-extras-type-not-served');
    await page.getByTestId('channel-submit').click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(`/channel/edit/${id}`);

    // Picking a served type makes the channel savable again.
    await page.getByTestId('channel-type').click();
    await page.keyboard.type('Custom (8)');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Custom (8)' })
      .click();
    await page.getByTestId('channel-base-url').fill(upstream.url);
    await page.getByTestId('channel-submit').click();
    await page.waitForURL('**/channel');
    await row(page, 'legacy').waitFor();
    await expect.poll(() => page.getByTestId(`channel-not-served-${id}`).count()).toBe(0);
    expect((await root.call<{ type: number }>('GET', `/api/channel/${id}`)).type).toBe(8);
  });

  it("edits a tag's priority in a modal and both rows follow", async () => {
    const page = await signedIn();
    await page.goto('/channel');
    await row(page, 'pool-b').waitFor();
    await page.getByTestId(`channel-tag-${ids['pool-a']}`).click();
    await page.getByRole('menuitem', { name: 'Edit tag' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Edit tag “pool”').isVisible()).resolves.toBe(true);

    // Nothing filled in: nothing is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, /change at least one field/i);

    await dialog.getByTestId('edit-tag-load-models').click();
    await expect
      .poll(() => dialog.getByTestId('edit-tag-models').innerText())
      .toMatch(/gpt-4o[\s\S]*gpt-4o-mini/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId(`channel-tag-${ids['pool-b']}`).click();
    await page.getByRole('menuitem', { name: 'Edit tag' }).click();
    await dialog.getByTestId('edit-tag-priority').fill('7');
    await page.waitForTimeout(400);
    await picture(page, 'channel-extras-edit-tag-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, /tag “pool” saved; channels with it: 2/i);
    await dialog.waitFor({ state: 'hidden' });

    for (const name of ['pool-a', 'pool-b']) {
      await expect
        .poll(() => row(page, name).getByRole('spinbutton', { name: 'Priority' }).inputValue())
        .toBe('7');
    }
    await expect(
      row(page, 'loner').getByRole('spinbutton', { name: 'Priority' }).inputValue(),
    ).resolves.toBe('3');
    const [a, b] = await Promise.all([channel(ids['pool-a']), channel(ids['pool-b'])]);
    expect([a.priority, b.priority]).toEqual([7, 7]);
    // Fields left empty kept each channel's own value.
    expect([a.weight, b.weight, a.models]).toEqual([1, 5, 'gpt-4o,gpt-4o-mini']);
  });

  it('disables and enables every channel of a tag from its menu', async () => {
    const page = await signedIn();
    await page.goto('/channel');
    await row(page, 'pool-a').waitFor();
    await page.getByTestId(`channel-tag-${ids['pool-a']}`).click();
    await page.getByRole('menuitem', { name: 'Disable every channel with this tag' }).click();
    await toast(page, /channels changed: 2/i);
    const states = async () =>
      (await Promise.all([ids['pool-a'], ids['pool-b'], ids.loner].map(channel))).map(
        (c) => c.status,
      );
    await expect.poll(states).toEqual([2, 2, 1]);
    // The first menu closes (with its animation) before the second opens.
    await page
      .getByRole('menuitem', { name: 'Disable every channel with this tag' })
      .waitFor({ state: 'hidden' });

    await page.getByTestId(`channel-tag-${ids['pool-b']}`).click();
    await page.getByRole('menuitem', { name: 'Enable every channel with this tag' }).click();
    await expect.poll(states).toEqual([1, 1, 1]);
  });

  it('renames a tag from the toolbar of a tag-filtered list', async () => {
    const page = await signedIn();
    await page.goto('/channel');
    await page.getByTestId('channel-filter-tag').fill('solo');
    await page.getByTestId('channel-filter-tag').press('Enter');
    await page.getByTestId('channel-edit-tag').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('edit-tag-name').fill('solo-2');
    // The dialog loads the tag's models first; under load that takes a while.
    await dialog.getByTestId('edit-tag-name').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 45_000 });
    await toast(page, /channels with it: 1/i);
    expect((await channel(ids.loner)).tag).toBe('solo-2');
    // The list follows the tag to its new name.
    await expect.poll(() => page.getByTestId('channel-filter-tag').inputValue()).toBe('solo-2');
    await row(page, 'loner').waitFor();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows the tag editor at 390 px in the ${colorScheme} theme`, async () => {
      const page = await signedIn({ width: 390, height: 844, colorScheme });
      await page.goto('/channel');
      await row(page, 'pool-a').waitFor();
      await page.getByTestId(`channel-tag-${ids['pool-a']}`).scrollIntoViewIfNeeded();
      await page.getByTestId(`channel-tag-${ids['pool-a']}`).click();
      await page.getByRole('menuitem', { name: 'Edit tag' }).waitFor();
      await picture(page, `channel-extras-tag-menu-390-${colorScheme}`);
      await page.getByRole('menuitem', { name: 'Edit tag' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('edit-tag-priority').waitFor();
      await page.waitForTimeout(400);
      const container = dialog.locator('.ant-modal-container');
      const box = await container.boundingBox();
      expect(box?.width ?? 999).toBeLessThanOrEqual(390);
      // Nothing sticks out sideways: the page does not scroll horizontally.
      const overflow = await pageWidth(page);
      expect(overflow).toBeLessThanOrEqual(390);
      await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(
        colorScheme,
      );
      const background = await container.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background === 'rgb(255, 255, 255)').toBe(colorScheme === 'light');
      await picture(page, `channel-extras-edit-tag-390-${colorScheme}`);
      await picture(container, `channel-extras-edit-tag-390-${colorScheme}-whole`);
      await page.keyboard.press('Escape');
    });
  }
});
