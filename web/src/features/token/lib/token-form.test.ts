import type { TokenItem } from '@gateway/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { chatLinkFor, expiryFromPreset, toFormValues, toTokenRequest } from './token-form';

const usd = { displayInCurrency: true, quotaPerUnit: 500000 };
const raw = { displayInCurrency: false, quotaPerUnit: 500000 };

describe('expiry presets', () => {
  const now = dayjs('2026-01-31T10:00:00');
  it('adds a minute, an hour, a day or a month; never is null', () => {
    expect(expiryFromPreset('minute', now)?.diff(now, 'second')).toBe(60);
    expect(expiryFromPreset('hour', now)?.diff(now, 'second')).toBe(3600);
    expect(expiryFromPreset('day', now)?.diff(now, 'second')).toBe(86400);
    expect(expiryFromPreset('month', now)?.month()).toBe(1);
    expect(expiryFromPreset('never', now)).toBeNull();
  });
});

const key = {
  ...({} as TokenItem),
  id: 7,
  name: 'k',
  remain_quota: 333_333,
  unlimited_quota: false,
  expired_time: -1,
};

describe('token form', () => {
  it('converts a dollar amount to quota and never to -1', () => {
    const values = {
      ...toFormValues(undefined, usd),
      name: ' k ',
      amount: 1.5,
      unlimited_quota: false,
    };
    const body = toTokenRequest(values, usd);
    expect(body.remain_quota).toBe(750000);
    expect(body.expired_time).toBe(-1);
    expect(body.name).toBe('k');
    expect(body.count).toBe(1);
  });

  it('keeps raw quota in quota mode and leaves count out when editing', () => {
    const values = { ...toFormValues(undefined, raw), amount: 1234, model_limits: ['a', 'b'] };
    const body = toTokenRequest(values, raw, key);
    expect(body.remain_quota).toBe(1234);
    expect(body.original_remain_quota).toBe(key.remain_quota);
    expect(body.model_limits).toBe('a,b');
    expect(body.count).toBeUndefined();
  });

  it('sends no quota when an edit leaves it alone, so a stale form resets nothing', () => {
    const values = { ...toFormValues(key, usd), name: 'renamed' };
    const body = toTokenRequest(values, usd, key);
    expect(body.name).toBe('renamed');
    expect(body).not.toHaveProperty('remain_quota');
    expect(body).not.toHaveProperty('original_remain_quota');
  });

  it('fills chat-client placeholders', () => {
    expect(
      chatLinkFor('https://c.example/?k={key}&u={address}', 'sk-1', 'https://gw.example'),
    ).toBe('https://c.example/?k=sk-1&u=https%3A%2F%2Fgw.example');
  });
});
