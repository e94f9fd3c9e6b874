import { describe, expect, it } from 'vitest';
import type { ChannelConfig } from '../adaptor.js';
import { AdaptorError } from '../errors/adaptor-error.js';
import { createBalanceCapability } from './balance.js';

const channel: ChannelConfig = { baseUrl: '', key: 'sk-b', other: '', setting: {} };
const now = new Date('2026-03-10T12:00:00Z');

describe('balance readers', () => {
  it('OpenAI dashboard: hard limit minus usage in cents over a 100-day window', () => {
    const cap = createBalanceCapability('openai-dashboard', 'https://api.openai.com');
    const reqs = cap.requests(channel, now);
    expect(reqs.map((r) => r.url)).toEqual([
      'https://api.openai.com/dashboard/billing/subscription',
      'https://api.openai.com/dashboard/billing/usage?start_date=2025-11-30&end_date=2026-03-11',
    ]);
    expect(reqs[0].headers.authorization).toBe('Bearer sk-b');
    const balance = cap.parse([
      { object: 'billing_subscription', hard_limit_usd: 100 },
      { object: 'list', total_usage: 1234.5 },
    ]);
    expect(balance).toEqual({ amount: 87.655, currency: 'USD' });
  });

  it.each([
    [
      'deepseek',
      {
        is_available: true,
        balance_infos: [
          {
            currency: 'CNY',
            total_balance: '110.00',
            granted_balance: '10.00',
            topped_up_balance: '100.00',
          },
        ],
      },
      { amount: 110, currency: 'CNY' },
    ],
    [
      'siliconflow',
      {
        code: 20000,
        status: true,
        data: { balance: '0.88', chargeBalance: '88.00', totalBalance: '88.88' },
      },
      { amount: 88.88, currency: 'CNY' },
    ],
    [
      'openrouter',
      { data: { total_credits: 100.5, total_usage: 25.75 } },
      { amount: 74.75, currency: 'USD' },
    ],
    [
      'moonshot',
      {
        code: 0,
        data: { available_balance: 49.58894, voucher_balance: 46.58893, cash_balance: 3.00001 },
        status: true,
      },
      { amount: 49.58894, currency: 'CNY' },
    ],
  ] as const)('%s', (kind, answer, want) => {
    const cap = createBalanceCapability(kind, 'https://vendor.example');
    expect(cap.requests(channel, now)).toHaveLength(1);
    expect(cap.parse([answer])).toEqual(want);
  });

  it('throws bad_response_body on an answer without the amount', () => {
    const cap = createBalanceCapability('moonshot', 'https://api.moonshot.cn');
    expect(() => cap.parse([{ error: 'nope' }])).toThrow(AdaptorError);
  });
});
