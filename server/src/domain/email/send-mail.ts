import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { Counter } from 'prom-client';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { metricsRegistry } from '../../lib/metrics.js';
import { lazyRequire } from '../../lib/lazy-require.js';
import { readSmtpConfig } from './smtp-config.js';

/** One e-mail: HTML body, with an optional plain-text alternative. */
export interface MailMessage {
  /** One address or several (new-api took a `;`-separated list). */
  to: string | string[];
  subject: string;
  html: string;
  text?: string;
}

/** Mail handed to the SMTP server, by outcome. */
export const mailDeliveries = new Counter({
  name: 'mail_deliveries_total',
  help: 'E-mails handed to the SMTP server, by outcome (sent, failed)',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

interface CachedTransport {
  fingerprint: string;
  transporter: Transporter;
}

const transports = new WeakMap<AppContext, CachedTransport>();

/** The transport for the current settings, rebuilt (and the old one closed) when they change. */
function transportFor(ctx: AppContext): { transporter: Transporter; from: object } {
  const config = readSmtpConfig(ctx.settings);
  if (!config) throw new AppError('smtp_not_configured');
  const fingerprint = JSON.stringify(config.transport);
  let cached = transports.get(ctx);
  if (cached?.fingerprint !== fingerprint) {
    cached?.transporter.close();
    if (config.unverifiedTls) {
      ctx.log.warn(
        { host: config.transport.host },
        'SMTP over implicit TLS without a certificate check',
      );
    }
    cached = {
      fingerprint,
      transporter: (lazyRequire('nodemailer') as typeof nodemailer).createTransport(
        config.transport,
      ),
    };
    if (!transports.has(ctx)) ctx.onClose(() => transports.get(ctx)?.transporter.close());
    transports.set(ctx, cached);
  }
  return { transporter: cached.transporter, from: config.from };
}

/** The SMTP server's own words for a failure (response line, or the socket error). */
export function describeSmtpError(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown; code?: unknown };
  const text = typeof e.response === 'string' ? e.response : String(e.message ?? error);
  const code = typeof e.code === 'string' && !text.includes(e.code) ? ` (${e.code})` : '';
  return (text + code).slice(0, 500);
}

/**
 * Sends one message now and waits for the SMTP server to accept it. Throws
 * `smtp_not_configured`, or `email_send_failed` with the server's error text.
 */
export async function sendMail(ctx: AppContext, message: MailMessage): Promise<void> {
  const { transporter, from } = transportFor(ctx);
  try {
    await transporter.sendMail({ from, ...message });
    mailDeliveries.inc({ result: 'sent' });
  } catch (error) {
    mailDeliveries.inc({ result: 'failed' });
    throw new AppError('email_send_failed', { detail: describeSmtpError(error) });
  }
}
