import { Role } from '@gateway/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIsolatedDb,
  createTestApp,
  testDb,
  testRedis,
  type IsolatedDb,
  type TestApp,
} from '../helpers/test-context.js';
import { headersForNewUser } from './sign-in.js';

// Two instances share state only through Redis; without it each keeps its own memory.
describe.runIf(testRedis)(`status across instances on ${testDb} with Redis`, () => {
  let db: IsolatedDb;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    db = await createIsolatedDb();
    a = await createTestApp({ reuse: db });
    b = await createTestApp({ reuse: db });
  });
  afterAll(async () => {
    await a.cleanup();
    await b.cleanup();
    await db.drop();
  });

  it('shows a change made on one instance on the other within a second', async () => {
    const statusOf = async (app: TestApp) =>
      (await app.app.inject({ method: 'GET', url: '/api/status' })).json().data;
    expect((await statusOf(b)).system_name).toBe('API');
    const root = await headersForNewUser(a.ctx, Role.root);
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/option/',
      headers: root,
      payload: { key: 'SystemName', value: 'Shared Name' },
    });
    expect(res.json().success).toBe(true);
    await expect.poll(async () => (await statusOf(b)).system_name).toBe('Shared Name');
    expect((await statusOf(b)).setup).toBe(true);
  });
});
