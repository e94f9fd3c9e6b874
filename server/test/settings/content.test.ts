import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { headersForNewUser } from './sign-in.js';

describe(`public content on ${testDb}`, () => {
  let t: TestApp;
  let root: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    root = await headersForNewUser(t.ctx, Role.root);
  });
  afterAll(() => t.cleanup());

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
  const put = (key: string, value: string) =>
    t.app.inject({ method: 'PUT', url: '/api/option/', headers: root, payload: { key, value } });

  it.each([
    ['/api/notice', 'Notice', '# Maintenance tonight'],
    ['/api/about', 'About', '<p>About us</p>'],
    ['/api/home_page_content', 'HomePageContent', 'https://home.example'],
    ['/api/css', 'CustomCSS', 'body { color: red; }'],
    ['/api/javascript', 'CustomJavaScript', '<script>console.log(1)</script>'],
    ['/api/guide', 'Guide', '{"steps": []}'],
  ])('%s is public, empty by default and edited through %s', async (url, key, value) => {
    expect(await get(url)).toEqual({ success: true, message: '', data: '' });
    expect((await put(key, value)).json().success).toBe(true);
    expect(await get(url)).toEqual({ success: true, message: '', data: value });
  });

  it('serves the FAQ as a list and keeps it when an edit is refused', async () => {
    expect(await get('/api/faq')).toEqual({ success: true, message: '', data: [] });
    const faq = [{ question: 'How do I pay?', answer: 'Top up on /topup.' }];
    expect((await put('FAQ', JSON.stringify(faq))).json().success).toBe(true);
    expect((await get('/api/faq')).data).toEqual(faq);
    expect((await put('FAQ', 'not json')).json().code).toBe('invalid_json');
    expect((await get('/api/faq')).data).toEqual(faq);
  });
});
