import type { Balance, BalanceCapability, ChannelConfig, UpstreamRequest } from '../adaptor.js';
import { badResponse } from '../errors/adaptor-error.js';
import { isObject } from '../shared/json.js';
import { joinUrl } from '../shared/url.js';

/** The balance endpoints of OpenAI-compatible vendors. */
export type BalanceKind =
  'openai-dashboard' | 'deepseek' | 'siliconflow' | 'openrouter' | 'moonshot';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

function amount(v: unknown, what: string): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw badResponse(`balance answer has no ${what}`);
  return n;
}

function field(json: unknown, ...path: string[]): unknown {
  let v = json;
  for (const key of path) v = isObject(v) ? v[key] : undefined;
  return v;
}

interface BalanceReader {
  paths: (now: Date) => string[];
  parse: (answers: unknown[]) => Balance;
}

const readers: Record<BalanceKind, BalanceReader> = {
  // One-api style resellers and legacy OpenAI: hard limit minus this period's usage (cents).
  'openai-dashboard': {
    paths: (now) => [
      '/dashboard/billing/subscription',
      `/dashboard/billing/usage?start_date=${isoDate(new Date(now.getTime() - 100 * DAY_MS))}&end_date=${isoDate(new Date(now.getTime() + DAY_MS))}`,
    ],
    parse: ([sub, usage]) => ({
      amount:
        amount(field(sub, 'hard_limit_usd'), 'hard_limit_usd') -
        amount(field(usage, 'total_usage'), 'total_usage') / 100,
      currency: 'USD',
    }),
  },
  deepseek: {
    paths: () => ['/user/balance'],
    parse: ([answer]) => {
      const infos = field(answer, 'balance_infos');
      const list = Array.isArray(infos) ? infos : [];
      const info: unknown = list.find((i) => field(i, 'currency') === 'USD') ?? list[0];
      const currency = field(info, 'currency') === 'USD' ? 'USD' : 'CNY';
      return { amount: amount(field(info, 'total_balance'), 'total_balance'), currency };
    },
  },
  siliconflow: {
    paths: () => ['/v1/user/info'],
    parse: ([answer]) => ({
      amount: amount(field(answer, 'data', 'totalBalance'), 'totalBalance'),
      currency: 'CNY',
    }),
  },
  openrouter: {
    paths: () => ['/v1/credits'],
    parse: ([answer]) => ({
      amount:
        amount(field(answer, 'data', 'total_credits'), 'total_credits') -
        amount(field(answer, 'data', 'total_usage'), 'total_usage'),
      currency: 'USD',
    }),
  },
  moonshot: {
    paths: () => ['/v1/users/me/balance'],
    parse: ([answer]) => ({
      amount: amount(field(answer, 'data', 'available_balance'), 'available_balance'),
      currency: 'CNY',
    }),
  },
};

/** The balance capability of a vendor, with its default base URL. */
export function createBalanceCapability(
  kind: BalanceKind,
  defaultBaseUrl: string,
): BalanceCapability {
  const reader = readers[kind];
  return {
    requests(channel: ChannelConfig, now: Date): UpstreamRequest[] {
      const base = channel.baseUrl || defaultBaseUrl;
      return reader.paths(now).map((path) => ({
        method: 'GET',
        url: joinUrl(base, path),
        headers: { authorization: `Bearer ${channel.key}` },
      }));
    },
    parse: reader.parse,
  };
}
