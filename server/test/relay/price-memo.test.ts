import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPriceModel, type RatioPricing } from '../../src/billing/pricing.js';
import { groupRatio, modelRatio } from '../../src/config/settings/groups/billing.js';
import { createTestContext, testDb, type TestContext } from '../helpers/test-context.js';

describe(`the price memo on ${testDb}`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.cleanup());

  const price = (model: string, usingGroup = 'default', userDiscount = 1) =>
    cachedPriceModel(t.ctx.settings, {
      model,
      usingGroup,
      userGroup: 'default',
      userDiscount,
    }) as RatioPricing;

  it('keeps each (model, group, discount) apart, however many are in use', () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 1; i <= 100; i++) {
        expect(price('gpt-4o-mini', 'default', i / 100).userDiscount).toBe(i / 100);
      }
    }
    expect(price('gpt-4o-mini')).toBe(price('gpt-4o-mini'));
    expect(price('gpt-4o-mini').model).toBe('gpt-4o-mini');
    expect(price('gpt-4o').model).toBe('gpt-4o');
  });

  it('prices again once a setting changes', async () => {
    const before = price('gpt-4o-mini', 'vip');
    await t.ctx.settings.set(groupRatio.key, JSON.stringify({ default: 1, vip: 0.5 }));
    expect(price('gpt-4o-mini', 'vip').groupRatio).toBe(0.5);
    expect(price('gpt-4o-mini', 'vip')).not.toBe(before);
    const ratios = { ...t.ctx.settings.get(modelRatio), 'gpt-4o-mini': 0.5 };
    await t.ctx.settings.set(modelRatio.key, JSON.stringify(ratios));
    expect(price('gpt-4o-mini', 'vip').modelRatio).toBe(0.5);
  });
});
