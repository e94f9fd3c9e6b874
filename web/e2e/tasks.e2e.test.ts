import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMidjourney, type FakeMidjourney } from '../../server/test/fake-tasks/midjourney';
import { startFakeSuno, type FakeSuno } from '../../server/test/fake-tasks/suno';
import { ApiSession, registerUser, setupRoot } from './helpers/api';
import { pageWidth, picture } from './helpers/browser';
import { consoleSuite } from './helpers/console-suite';

/**
 * Asynchronous generation as a user sees it: a drawing submitted through the relay with a
 * Midjourney-Proxy client's headers moves to success in /midjourney with its image; a song
 * submitted through the Suno API appears in /task with its players; root sees both with owner
 * and channel. Photographed in light, dark and at 390 px.
 */

describe('tasks: drawings and songs in the console', () => {
  const ui = consoleSuite('tasks');
  const { page } = ui;
  let mj: FakeMidjourney;
  let suno: FakeSuno;
  let key = '';

  beforeAll(async () => {
    mj = await startFakeMidjourney({ secret: 'mj-upstream-secret' });
    suno = await startFakeSuno({ token: 'suno-upstream-token' });
    const root = await setupRoot(ui.server.url);
    for (const [k, value] of Object.entries({
      QuotaForNewUser: '5000000',
      TaskPollIntervalSeconds: '1',
      DrawingEnabled: 'true',
      TaskEnabled: 'true',
    })) {
      await root.call('PUT', '/api/option/', { key: k, value });
    }
    for (const [name, type, base, secret, models] of [
      ['drawings', 2, mj.url, 'mj-upstream-secret', 'mj_imagine,mj_upscale'],
      ['songs', 36, suno.url, 'suno-upstream-token', 'suno_music,suno_lyrics'],
    ] as const) {
      await root.call('POST', '/api/channel/', {
        mode: 'single',
        channel: { name, type, base_url: base, key: secret, models },
      });
    }
    await registerUser(ui.server.url, 'erin', 'erinpass123');
    const erin = new ApiSession(ui.server.url);
    await erin.login('erin', 'erinpass123');
    const [token] = await erin.call<Array<{ id: number }>>('POST', '/api/token/', {
      name: 'studio',
      unlimited_quota: true,
    });
    key = `sk-${(await erin.call<{ key: string }>('POST', `/api/token/${token!.id}/key`)).key}`;
  }, 300_000);

  afterAll(async () => {
    await mj?.close();
    await suno?.close();
  });

  it('shows a drawing submitted through the relay moving to success with its image', async () => {
    const submitted = await fetch(`${ui.server.url}/mj/submit/imagine`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-api-secret': key },
      body: JSON.stringify({ prompt: 'a lighthouse at dawn, watercolor' }),
    }).then((r) => r.json() as Promise<{ code: number; result: string }>);
    expect(submitted.code).toBe(1);

    const p = await page('erin', 'erinpass123');
    await p.goto('/midjourney');
    const table = p.getByTestId('drawing-table');
    await expect.poll(() => table.innerText(), { timeout: 30_000 }).toContain(submitted.result);
    await expect
      .poll(() => table.getByTestId('drawing-status').first().innerText(), { timeout: 30_000 })
      .toBe('Success');
    const image = table.getByTestId('drawing-image').locator('img').first();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await table.innerText()).toContain('Imagine');
    await picture(p, 'tasks-midjourney', { fullPage: true });
  });

  it('shows a song submitted through the Suno API with its players', async () => {
    const submitted = await fetch(`${ui.server.url}/suno/submit/music`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ gpt_description_prompt: 'a calm song about rain' }),
    }).then((r) => r.json() as Promise<{ code: string; data: string }>);
    expect(submitted.code).toBe('success');

    const p = await page('erin', 'erinpass123');
    await p.goto('/task');
    const table = p.getByTestId('task-table');
    await expect.poll(() => table.innerText(), { timeout: 30_000 }).toContain('Music');
    await expect
      .poll(() => table.getByTestId('task-status').first().innerText(), { timeout: 30_000 })
      .toBe('Success');
    await expect.poll(() => table.getByTestId('task-audio').count()).toBe(2);
    await picture(p, 'tasks-task', { fullPage: true });
  });

  it('lets root see every drawing with its owner and channel', async () => {
    const p = await page('root', 'rootpass123');
    await p.goto('/midjourney');
    const table = p.getByTestId('drawing-table');
    await expect.poll(() => table.innerText(), { timeout: 15_000 }).toContain('erin');
    expect(await p.getByRole('columnheader', { name: 'Channel' }).count()).toBe(1);
  });

  it('holds up in dark mode and at 390 px', async () => {
    for (const [name, options] of [
      ['dark', { colorScheme: 'dark' }],
      ['mobile', { width: 390, height: 844 }],
    ] as const) {
      const p = await page('erin', 'erinpass123', options);
      for (const path of ['/midjourney', '/task']) {
        await p.goto(path);
        await p.locator('.ant-table-row').first().waitFor();
        await picture(p, `tasks-${path.slice(1)}-${name}`, { fullPage: true });
        if (name === 'mobile') expect(await pageWidth(p)).toBeLessThanOrEqual(390);
      }
    }
  });
});
