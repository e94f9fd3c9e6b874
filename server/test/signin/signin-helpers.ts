import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../src/context.js';
import type { Envelope } from '../accounts/accounts-helpers.js';
import type { FakeSmtp, ReceivedMail, SmtpCredentials } from './fakes/smtp.js';

/** The SMTP account the fake server accepts. */
export const smtpCredentials: SmtpCredentials = { user: 'mailer@example.com', pass: 's3cret' };

/** Stores several settings at once (as strings). */
export async function setOptions(
  ctx: AppContext,
  options: Record<string, string | number | boolean>,
): Promise<void> {
  for (const [key, value] of Object.entries(options)) await ctx.settings.set(key, String(value));
}

/** Points the SMTP settings at a fake server. */
export async function useSmtp(ctx: AppContext, smtp: FakeSmtp, secure = false): Promise<void> {
  await setOptions(ctx, {
    SMTPServer: '127.0.0.1',
    SMTPPort: smtp.port,
    SMTPSSLEnabled: secure,
    SMTPAccount: smtpCredentials.user,
    SMTPToken: smtpCredentials.pass,
    SMTPFrom: 'noreply@example.com',
  });
}

let ipCounter = 0;

/** A fresh client address, so per-IP limits of one test do not touch the next. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** The six-digit code in a verification mail. */
export function codeIn(mail: ReceivedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}

/** A request as the tests send it, with the answer parsed. */
export interface Sent<T = unknown> {
  status: number;
  body: Envelope<T>;
  res: LightMyRequestResponse;
}

/** Sends a request from `ip` (default: a fresh one) with optional headers and JSON body. */
export async function send<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { headers?: Record<string, string>; body?: unknown; ip?: string } = {},
): Promise<Sent<T>> {
  const res = await app.inject({
    method,
    url,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>(), res };
}

/** The `name=value` of a cookie the answer set, for the next request's Cookie header. */
export function cookieFrom(res: LightMyRequestResponse, name: string): string {
  const cookie = res.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie`);
  return `${name}=${cookie.value}`;
}
