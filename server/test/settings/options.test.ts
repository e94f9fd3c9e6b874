import { optionList, Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { headersForNewUser } from './sign-in.js';

describe(`option API on ${testDb}`, () => {
  let t: TestApp;
  let root: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    root = await headersForNewUser(t.ctx, Role.root);
    admin = await headersForNewUser(t.ctx, Role.admin);
  });
  afterAll(() => t.cleanup());

  const put = (key: string, value: unknown, headers = root) =>
    t.app.inject({ method: 'PUT', url: '/api/option/', headers, payload: { key, value } });
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/option/', headers: root });
    return new Map(optionList.parse(res.json().data).map((o) => [o.key, o.value]));
  };

  it('lists every known setting with its default, without secrets', async () => {
    const options = await list();
    expect(options.get('SystemName')).toBe('API');
    expect(options.get('DisplayInCurrencyEnabled')).toBe('true');
    expect(options.get('FAQ')).toBe('[]');
    // TurnstileSiteKey is public by an explicit override; every other such name is a secret.
    const named = [...options.keys()].filter((k) => /(Secret|Token|Key|api_key)$/.test(k));
    expect(named).toEqual(['TurnstileSiteKey']);
  });

  it('stores a secret without ever returning it, and keeps stored unknown keys', async () => {
    const res = await put('GitHubClientSecret', 'shh-very-secret');
    expect(res.json()).toEqual({ success: true, message: '', data: null });
    expect(res.body).not.toContain('shh-very-secret');
    // Keys no group defines (left by an older version) are listed unless they look secret.
    await t.ctx.settings.set('LegacyThing', 'x');
    await t.ctx.settings.set('Legacy_api_key', 'y');
    const options = await list();
    expect(options.has('GitHubClientSecret')).toBe(false);
    expect(options.get('LegacyThing')).toBe('x');
    expect(options.has('Legacy_api_key')).toBe(false);
    const stored = await t.ctx.db
      .selectFrom('options')
      .select('value')
      .where('key', '=', 'GitHubClientSecret')
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe('shh-very-secret');
  });

  it('is for root only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/option/', headers: admin })).statusCode,
    ).toBe(403);
    expect((await put('SystemName', 'Hijacked', admin)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/option/' })).statusCode).toBe(401);
    expect((await list()).get('SystemName')).toBe('API');
  });

  it('stores flags and numbers in one spelling', async () => {
    expect((await put('DrawingEnabled', false)).json().success).toBe(true);
    expect((await put('QuotaPerUnit', ' 250000 ')).json().success).toBe(true);
    const options = await list();
    expect(options.get('DrawingEnabled')).toBe('false');
    expect(options.get('QuotaPerUnit')).toBe('250000');
    await put('QuotaPerUnit', 500000);
  });

  it.each([
    ['NoSuchSetting', 'x', 'option_unknown'],
    ['DrawingEnabled', 'maybe', 'option_invalid'],
    ['QuotaPerUnit', 'abc', 'option_invalid'],
    ['QuotaPerUnit', '0', 'option_invalid'],
    ['DataExportDefaultTime', 'month', 'option_invalid'],
    ['ChatLink', 'javascript:alert(1)', 'option_invalid'],
    ['FAQ', '[{"question": "Q"', 'invalid_json'],
    ['ModelRatio', '{"gpt-4o": 1.25,}', 'model_ratio_invalid', 'model ratio is not valid JSON'],
    ['GroupRatio', "{'vip': 1}", 'group_ratio_invalid', 'group discount is not valid JSON'],
    ['GroupRatio', '{"vip": -1}', 'option_invalid'],
    ['FAQ', '[{"question": "Q"}]', 'option_invalid'],
    ['Chats', '{"a": "b"}', 'option_invalid'],
    ['CheckinMinQuota', '99999999', 'option_invalid'],
  ])('refuses %s = %s with %s', async (key, value, code, mentions = key) => {
    const before = await list();
    const res = await put(key, value);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code });
    expect(res.json().message).toContain(mentions);
    expect(await list()).toEqual(before);
  });

  it('names the problem inside a JSON value', async () => {
    const res = await put('FAQ', '[{"question": "Q", "answer": 5}]');
    expect(res.json().message).toContain('0.answer');
  });

  it('refuses an over-long value instead of failing in the database', async () => {
    const res = await put('Notice', 'x'.repeat(70_000));
    expect(res.json()).toMatchObject({ success: false, code: 'option_invalid' });
  });

  it('refuses an empty key and a missing value', async () => {
    expect((await put('', 'x')).json()).toMatchObject({ success: false, code: 'invalid_request' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/option/',
      headers: root,
      payload: { key: 'Notice' },
    });
    expect(res.json()).toMatchObject({ success: false, code: 'invalid_request' });
  });
});
