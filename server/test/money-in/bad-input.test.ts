import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';
import { newUser, type TestUser } from '../tokens/console-helpers.js';

/** Money-in routes fed what an attacker or a broken client sends: a clear refusal, never a 500. */
describe.runIf(testDb === 'sqlite')('money-in routes and bad input', () => {
  let t: TestApp;
  let root: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    root = await newUser(t.ctx, Role.root);
    user = await newUser(t.ctx, Role.user);
  });
  afterAll(() => t.cleanup());

  const send = (
    who: TestUser | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: string,
    type = 'application/json',
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(who?.headers ?? {}),
        ...(payload === undefined ? {} : { 'content-type': type }),
      },
      payload,
    });

  it('answers every malformed request with a refusal in the right shape', async () => {
    const cases: Array<[TestUser | null, 'GET' | 'POST' | 'PUT', string, string?, string?]> = [
      [user, 'POST', '/api/user/pay', '{"amount":"abc","gateway_id":1}'],
      [user, 'POST', '/api/user/pay', '{"amount":10,"gateway_id":{"__proto__":{"x":1}}}'],
      [user, 'POST', '/api/user/pay', '{"amount":1e308,"gateway_id":1}'],
      [user, 'POST', '/api/user/pay', '{"amount":10,"gateway_id":424242}'],
      [user, 'POST', '/api/user/topup', '{"key":["a","b"]}'],
      [user, 'POST', '/api/user/topup', `{"key":"${"' or 1=1 --".repeat(3)}"}`],
      [user, 'POST', '/api/user/topup/close', '{"trade_no":""}'],
      [
        root,
        'POST',
        '/api/payment/gateway/',
        '{"name":"x","provider":"epay","currency_rate":7,"config":{"base_url":"javascript:alert(1)","pid":"1","key":"k"}}',
      ],
      [
        root,
        'POST',
        '/api/payment/gateway/',
        '{"name":"x","provider":"../../etc","currency_rate":7}',
      ],
      [root, 'POST', '/api/payment/gateway/', '{"name":"x","provider":"epay","currency_rate":-1}'],
      [root, 'PUT', '/api/redemption/', '{"id":"1; drop table users","name":"x"}'],
      [root, 'POST', '/api/redemption/', '{"name":"x","quota":9007199254740993,"count":1}'],
      [null, 'GET', '/api/user/epay/notify?out_trade_no[]=a&out_trade_no[]=b'],
      [null, 'POST', '/api/user/epay/notify', '{"out_trade_no":{"$ne":null}}'],
      [
        null,
        'POST',
        '/api/user/epay/notify',
        'out_trade_no=%E0%A4%A',
        'application/x-www-form-urlencoded',
      ],
      [null, 'POST', '/api/stripe/webhook/abc', '{}'],
      [null, 'POST', '/api/stripe/webhook/1', 'not json at all'],
      [null, 'POST', '/api/stripe/webhook/1', 'x', 'text/plain'],
    ];
    for (const [who, method, url, payload, type] of cases) {
      const res = await send(who, method, url, payload, type);
      expect(res.statusCode, `${method} ${url} ${payload ?? ''}`).toBeLessThan(500);
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
    expect(await t.ctx.db.selectFrom('orders').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('redemptions').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('payment_gateways').selectAll().execute()).toEqual([]);
  });
});
