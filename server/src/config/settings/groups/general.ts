import { z } from 'zod';
import { flag, json, number, text } from '../define.js';

/** Empty, an absolute http(s) URL, or a path on this site. */
const url = z
  .string()
  .trim()
  .refine((v) => v === '' || /^(https?:\/\/|\/)\S*$/.test(v), 'must be an http(s) URL or a path');

/** Site name shown in the header, the footer and the page title. */
export const systemName = text('SystemName', 'API');
/** Logo image URL. */
export const logo = text('Logo', '/logo.png');
/** Public base URL of this site, used in e-mails, OAuth and payment callbacks. */
export const serverAddress = text('ServerAddress', '');
/** Custom footer HTML. */
export const footer = text('Footer', '');
/** Image URL of the contact QR code behind the floating button. */
export const qrCode = text('QRCode', '');
/** `<meta name="description">` of the console. */
export const seoDescription = text('SeoDescription', '');
/** `<meta name="keywords">` of the console. */
export const seoKeywords = text('SeoKeywords', '');
/** Newest released version, for the "to be updated" badge on /setting. */
export const latestVersion = text('LatestVersion', '');

/** Embedded chat page URL; the /chat navigation item shows only when set. */
export const chatLink = text('ChatLink', '', url);
/** A drawing page (e.g. a Midjourney web client) /chat can switch to; empty = chat only. */
export const drawingLink = text('DrawingLink', '', url);
/** API documentation URL; the /doc navigation item shows only when set. */
export const apiDocLink = text('ApiDocLink', '', url);
/** Chat clients offered on keys: a list of `{name: url template}` with `{key}` and `{address}`. */
export const chats = json('Chats', z.array(z.record(z.string(), z.string())), []);
/** External top-up (card shop) link. */
export const topUpLink = text('TopUpLink', '', url);

/** Quota units per 1 USD (500000). */
export const quotaPerUnit = number('QuotaPerUnit', 500000);
/** Show amounts in currency rather than raw quota. */
export const displayInCurrency = flag('DisplayInCurrencyEnabled', true);
/** Start the sidebar collapsed. */
export const defaultCollapseSidebar = flag('DefaultCollapseSidebar', false);
/** Show the pricing page's ratio columns. */
export const showPricePageRatio = flag('ShowPricePageRatio', true);
/** Write a log row for every consumption. */
export const logConsumeEnabled = flag('LogConsumeEnabled', true);

/** Usage data export (/detail). */
export const dataExportEnabled = flag('DataExportEnabled', true);
/** Default time granularity of the usage charts. */
export const dataExportDefaultTime = text(
  'DataExportDefaultTime',
  'hour',
  z.enum(['hour', 'day', 'week']),
);
/** Minutes between usage roll-ups. */
export const dataExportInterval = number('DataExportInterval', 5);
/** Midjourney drawing (/midjourney). */
export const drawingEnabled = flag('DrawingEnabled', true);
/** Asynchronous tasks such as Suno and video (/task). */
export const taskEnabled = flag('TaskEnabled', true);
/** Notify clients about Midjourney task progress. */
export const mjNotifyEnabled = flag('MjNotifyEnabled', false);
/** Midjourney relax-mode requests per minute per user; 0 = unlimited. */
export const mjRelaxRateLimits = number('MjRelaxRateLimits', 0);
/** Midjourney fast-mode requests per minute per user; 0 = unlimited. */
export const mjFastRateLimits = number('MjFastRateLimits', 0);
/** Midjourney turbo-mode requests per minute per user; 0 = unlimited. */
export const mjTurboRateLimits = number('MjTurboRateLimits', 0);
/** Serve Midjourney images through the gateway (`/mj/image/…`) instead of the upstream's URL. */
export const mjForwardUrlEnabled = flag('MjForwardUrlEnabled', true);
/** Midjourney actions (upscale, variation …) only on drawings that succeeded. */
export const mjActionCheckSuccessEnabled = flag('MjActionCheckSuccessEnabled', true);
/** Strip `--fast`, `--relax` and `--turbo` from prompts (the key's or path's mode decides). */
export const mjModeClearEnabled = flag('MjModeClearEnabled', false);
/** Pass the client's `accountFilter` to the Midjourney upstream. */
export const mjAccountFilterEnabled = flag('MjAccountFilterEnabled', false);
/** Minutes after which an unfinished task (any kind) fails and is refunded; 0 = never. */
export const taskTimeoutMinutes = number('TaskTimeoutMinutes', 120);
/** Seconds between polls of unfinished tasks. */
export const taskPollIntervalSeconds = number('TaskPollIntervalSeconds', 15);

/** Daily check-in rewards. */
export const checkinEnabled = flag('CheckinEnabled', false);
/** Smallest check-in reward in quota. */
export const checkinMinQuota = number('CheckinMinQuota', 1000);
/** Largest check-in reward in quota. */
export const checkinMaxQuota = number('CheckinMaxQuota', 10000);
/** Invitation rewards (affiliate). */
export const affEnabled = flag('AffEnabled', false);
/** Level given to newly registered users. */
export const newUserLevel = text('NewUserLevel', 'default');

/** Uptime Kuma status panel. */
export const uptimeKumaEnabled = flag('UptimeKumaEnabled', false);
/** Open the Uptime Kuma page in a new window instead of embedding it. */
export const uptimeKumaOpenOption = flag('UptimeKumaOpenOption', false);
/** Uptime Kuma status page URL. */
export const uptimeKumaWebUrl = text('UptimeKumaWebUrl', '', url);
/** Uptime Kuma API URL for the uptime figures. */
export const uptimeKumaUptimeUrl = text('UptimeKumaUptimeUrl', '', url);

/** Pro-max edition: finance pages, invoices and the agent programme. */
export const rixApiProMax = flag('RixApiProMax', false);
/** Show the agent join page (/agent; needs pro-max). */
export const agentPageEnabled = flag('AgentPageEnabled', false);
/** Payment currency per quota unit (e.g. 7.3 RMB per USD). */
export const price = number('Price', 7.3);
/** Smallest online top-up amount. */
export const paymentMinAmount = number('PaymentMinAmount', 1);
/** Smallest invoice amount. */
export const invoiceMinAmount = number('InvoiceMinAmount', 500);
/** The currency invoices are issued in: paid top-ups in it can be invoiced. */
export const invoiceCurrency = text(
  'InvoiceCurrency',
  'CNY',
  z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as CNY'),
);
/** Comma-separated product names an invoice remark must not contain. */
export const invoiceForbiddenWords = text('InvoiceForbiddenWords', 'ChatGPT');
/** Minutes an unpaid order stays open (longer than a Stripe Checkout Session, 30 minutes). */
export const orderWindowMinutes = number('OrderWindowMinutes', 35);
/** Top-up discounts as JSON `{amount: discount}`, e.g. `{"100": 0.95}`. */
export const rechargeDiscount = json(
  'RechargeDiscount',
  z.record(z.string(), z.number().positive().max(1)),
  {},
);
/** Top-up mode label passed to the console as is. */
export const rechargeType = text('RechargeType', '');
