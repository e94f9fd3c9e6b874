import { formatMinor, isoMinorDigits } from '@gateway/shared';
import { z } from 'zod';
import { decimal, shift } from '../../../../lib/decimal.js';
import type { CurrencyUnits, PaymentProvider } from '../provider.js';
import { epaySign } from './sign.js';

/** An EPay merchant: the gateway's base URL (sub-paths kept), merchant id and MD5 key. */
export const epayConfig = z.object({
  base_url: z.url({ protocol: /^https?$/ }).max(255),
  pid: z.string().trim().min(1).max(64),
  key: z.string().trim().min(1).max(128),
  /** Ask the gateway (`api.php?act=order`) before crediting a notification. */
  query_before_credit: z.boolean().default(false),
});
export type EpayConfig = z.output<typeof epayConfig>;

/** The notification path (one for every EPay gateway: the order names its gateway). */
export const epayNotifyPath = '/api/user/epay/notify';

/** `script` under the gateway's base URL, keeping a sub-path such as `/xpay/epay/`. */
function under(base: string, script: string): URL {
  return new URL(script, base.endsWith('/') ? base : `${base}/`);
}

const trimSlash = (origin: string) => origin.replace(/\/+$/, '');

/**
 * EPay's `money` is text in major units with at most two decimals (yuan and fen in practice:
 * the gateways price in CNY). A currency is taken in its ISO units when those fit that text.
 */
function epayUnits(currency: string): CurrencyUnits | undefined {
  const digits = isoMinorDigits(currency);
  return digits === undefined || digits > 2 ? undefined : { digits, places: digits };
}

/**
 * Parses an EPay `money` string (`73.00`) into minor units of `digits` decimals, exactly; NaN
 * when it is not a plain amount or has a non-zero digit past them (`73.5` for a yen order).
 */
export function moneyToMinor(money: string, digits: number): number {
  if (!/^\d{1,15}(\.\d{1,2})?$/.test(money)) return Number.NaN;
  const minor = shift(decimal(Number(money)), digits);
  return minor.scale > 0 ? Number.NaN : Number(minor.units);
}

/** EPay v1 (彩虹易支付 and compatible gateways): page-redirect submit, MD5 notify, order query. */
export const epayProvider: PaymentProvider<EpayConfig> = {
  kind: 'epay',
  config: epayConfig,
  secrets: ['key'],
  units: epayUnits,
  async start({ config, paymentType, order, urls }) {
    const fields: Record<string, string> = {
      pid: config.pid,
      type: paymentType,
      out_trade_no: order.trade_no,
      notify_url: trimSlash(urls.callbackOrigin) + epayNotifyPath,
      return_url: `${trimSlash(urls.siteOrigin)}/order?trade_no=${order.trade_no}`,
      name: `TUC${order.amount}`,
      money: formatMinor(Number(order.money_minor), order.currency, order.money_digits),
      device: 'pc',
    };
    fields.sign = epaySign(fields, config.key);
    fields.sign_type = 'MD5';
    return { kind: 'form', url: under(config.base_url, 'submit.php').toString(), fields };
  },
  async query({ config, order }) {
    const url = under(config.base_url, 'api.php');
    url.search = new URLSearchParams({
      act: 'order',
      pid: config.pid,
      key: config.key,
      out_trade_no: order.trade_no,
    }).toString();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as Record<string, unknown>;
      if (Number(body.code) !== 1) return { state: 'unknown' };
      return {
        state: Number(body.status) === 1 ? 'paid' : 'unpaid',
        gatewayTradeNo: typeof body.trade_no === 'string' ? body.trade_no : undefined,
        paidMinor: moneyToMinor(String(body.money ?? ''), order.money_digits),
        paymentType: typeof body.type === 'string' ? body.type : undefined,
      };
    } catch {
      return { state: 'unknown' };
    }
  },
};
