import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { checkModelRequestRateLimit } from '../../src/domain/limits/model-request-rate-limit.js';
import {
  createIsolatedDb,
  createTestContext,
  testDb,
  testRedis,
  type IsolatedDb,
  type TestContext,
} from '../helpers/test-context.js';

describe(`checkModelRequestRateLimit on ${testDb}${testRedis ? ' + redis' : ''}`, () => {
  let isolated: IsolatedDb;
  let one: TestContext;
  let two: TestContext;
  let ctx: AppContext;
  let nextUser = 1;
  /** Stores settings through both instances, so neither waits for the other's notice. */
  const configure = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) {
      for (const instance of [one, two]) await instance.ctx.settings.set(key, value);
    }
  };
  /** Runs `n` admitted requests of `userId`; `succeed` says whether each one succeeds. */
  const run = async (userId: number, group: string, n: number, succeed: boolean) => {
    for (let i = 0; i < n; i++) {
      const recordSuccess = await checkModelRequestRateLimit(ctx, userId, group);
      if (succeed) await recordSuccess();
    }
  };

  beforeAll(async () => {
    isolated = await createIsolatedDb();
    one = await createTestContext({ reuse: isolated });
    two = await createTestContext({ reuse: isolated });
    ctx = one.ctx;
  });
  afterAll(async () => {
    // Each stored setting makes the other instance reload it in the background: let it finish.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await one.cleanup();
    await two.cleanup();
    await isolated.drop();
  });

  it('does nothing while disabled', async () => {
    await configure({
      ModelRequestRateLimitEnabled: 'false',
      ModelRequestRateLimitSuccessCount: '1',
    });
    await expect(run(nextUser++, 'default', 5, true)).resolves.toBeUndefined();
  });

  it('limits successful requests per user and window; failed ones do not count', async () => {
    await configure({
      ModelRequestRateLimitEnabled: 'true',
      ModelRequestRateLimitCount: '0',
      ModelRequestRateLimitSuccessCount: '3',
      ModelRequestRateLimitDurationMinutes: '2',
    });
    const user = nextUser++;
    await run(user, 'default', 5, false);
    await run(user, 'default', 3, true);
    await expect(checkModelRequestRateLimit(ctx, user, 'default')).rejects.toMatchObject({
      id: 'model_request_limited',
      status: 429,
      params: { count: 3, minutes: 2 },
    });
    // Another user has a budget of their own.
    await run(nextUser++, 'default', 3, true);
  });

  it('limits all requests, failed ones included, when a total is set', async () => {
    await configure({ ModelRequestRateLimitCount: '4', ModelRequestRateLimitSuccessCount: '100' });
    const user = nextUser++;
    await run(user, 'default', 4, false);
    await expect(checkModelRequestRateLimit(ctx, user, 'default')).rejects.toMatchObject({
      id: 'model_request_total_limited',
      status: 429,
      params: { count: 4 },
    });
  });

  it('applies the counts of the group when it has its own', async () => {
    await configure({ ModelRequestRateLimitGroup: JSON.stringify({ vip: [0, 2] }) });
    const user = nextUser++;
    await run(user, 'vip', 2, true);
    await expect(checkModelRequestRateLimit(ctx, user, 'vip')).rejects.toMatchObject({
      id: 'model_request_limited',
    });
    await run(nextUser++, 'default', 4, false);
  });

  it.runIf(testRedis)('shares the counts between instances through Redis', async () => {
    await configure({ ModelRequestRateLimitCount: '0', ModelRequestRateLimitSuccessCount: '2' });
    const user = nextUser++;
    await (
      await checkModelRequestRateLimit(one.ctx, user, 'default')
    )();
    await (
      await checkModelRequestRateLimit(two.ctx, user, 'default')
    )();
    await expect(checkModelRequestRateLimit(two.ctx, user, 'default')).rejects.toMatchObject({
      id: 'model_request_limited',
    });
  });
});
