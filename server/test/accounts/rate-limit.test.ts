import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { completeSetup, type Envelope } from './accounts-helpers.js';

describe(`login and register rate limits on ${testDb}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await completeSetup(t.app);
    await t.ctx.settings.set('LoginRateLimit', '3');
    await t.ctx.settings.set('RegisterRateLimit', '2');
  });
  afterAll(() => t.cleanup());

  const attempt = (url: string, ip: string, payload: object) =>
    t.app.inject({ method: 'POST', url, remoteAddress: ip, payload });

  it('answers 429 too_many_requests once an IP spends its login budget, even concurrently', async () => {
    const payload = { username: 'nobody', password: 'password123' };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => attempt('/api/user/login', '10.0.0.1', payload)),
    );
    const limited = results.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(5);
    expect(limited[0].json<Envelope>()).toMatchObject({
      success: false,
      code: 'too_many_requests',
    });
    // Another address has its own budget.
    const other = await attempt('/api/user/login', '10.0.0.2', payload);
    expect(other.json<Envelope>().code).toBe('wrong_credentials');
  });

  it('limits registrations per IP', async () => {
    const codes: number[] = [];
    for (const name of ['ra', 'rb', 'rc']) {
      const res = await attempt('/api/user/register', '10.0.0.3', {
        username: name,
        password: 'password123',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
  });
});
