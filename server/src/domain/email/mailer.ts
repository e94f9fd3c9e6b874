import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { BaseContext } from '../../base-context.js';
import { AppError } from '../../errors.js';
import { lazyRequire } from '../../lib/lazy-require.js';
import { readSmtpConfig } from './smtp-config.js';

/** One e-mail: HTML body, with an optional plain-text alternative. */
export interface MailMessage {
  /** One address or several (new-api took a `;`-separated list). */
  to: string | string[];
  subject: string;
  html: string;
  text?: string;
  /** Files sent along, e.g. an issued invoice. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Messages waiting beyond this are dropped (and logged): a stuck server must not eat memory. */
const maxPending = 1000;
/** How long shutdown waits for queued mail. */
const drainTimeoutMs = 10_000;

/** The SMTP server's own words for a failure (response line, or the socket error). */
export function describeSmtpError(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown; code?: unknown };
  const text = typeof e.response === 'string' ? e.response : String(e.message ?? error);
  const code = typeof e.code === 'string' && !text.includes(e.code) ? ` (${e.code})` : '';
  return (text + code).slice(0, 500);
}

/**
 * The process's mail: one SMTP transport for the current settings (rebuilt when they change),
 * and a background queue that sends one message at a time for flows where nobody waits.
 */
export class Mailer {
  private transport: { fingerprint: string; transporter: Transporter } | undefined;
  private pending: Array<{ message: MailMessage; label: string }> = [];
  private worker: Promise<void> | null = null;

  constructor(
    private readonly base: Pick<BaseContext, 'settings' | 'log' | 'metrics' | 'onClose'>,
  ) {
    base.onClose(async () => {
      if (this.worker) {
        const timeout = new Promise((resolve) => setTimeout(resolve, drainTimeoutMs).unref());
        await Promise.race([this.worker, timeout]);
      }
      this.transport?.transporter.close();
    });
  }

  /**
   * Sends one message now and waits for the SMTP server to accept it. Throws
   * `smtp_not_configured`, or `email_send_failed` with the server's error text.
   */
  async send(message: MailMessage): Promise<void> {
    const { transporter, from } = this.transportNow();
    try {
      await transporter.sendMail({ from, ...message });
      this.base.metrics.mailDeliveries.inc({ result: 'sent' });
    } catch (error) {
      this.base.metrics.mailDeliveries.inc({ result: 'failed' });
      throw new AppError('email_send_failed', { detail: describeSmtpError(error) });
    }
  }

  /**
   * Sends a message in the background. A failure is logged at error level with the SMTP
   * server's text and the `label` (e.g. `password_reset`); it never reaches the caller.
   */
  queue(message: MailMessage, label: string): void {
    if (this.pending.length >= maxPending) {
      this.base.log.error({ label, to: message.to }, 'mail queue full: message dropped');
      return;
    }
    this.pending.push({ message, label });
    this.worker ??= this.drain();
  }

  /** Waits until every queued message has been tried (tests and shutdown). */
  async flush(): Promise<void> {
    await this.worker;
  }

  private async drain(): Promise<void> {
    try {
      for (let next = this.pending.shift(); next; next = this.pending.shift()) {
        try {
          await this.send(next.message);
        } catch (error) {
          const reason = error instanceof AppError ? error.message : String(error);
          this.base.log.error(
            { label: next.label, to: next.message.to, reason },
            'mail delivery failed',
          );
        }
      }
    } finally {
      this.worker = null;
    }
  }

  /** The transport for the current settings, rebuilt (and the old one closed) when they change. */
  private transportNow(): { transporter: Transporter; from: object } {
    const config = readSmtpConfig(this.base.settings);
    if (!config) throw new AppError('smtp_not_configured');
    const fingerprint = JSON.stringify(config.transport);
    if (this.transport?.fingerprint !== fingerprint) {
      this.transport?.transporter.close();
      if (config.unverifiedTls) {
        this.base.log.warn(
          { host: config.transport.host },
          'SMTP over implicit TLS without a certificate check',
        );
      }
      this.transport = {
        fingerprint,
        transporter: (lazyRequire('nodemailer') as typeof nodemailer).createTransport(
          config.transport,
        ),
      };
    }
    return { transporter: this.transport.transporter, from: config.from };
  }
}
