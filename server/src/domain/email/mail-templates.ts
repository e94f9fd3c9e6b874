import { translate, type Language } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { systemName } from '../../config/settings/groups/general.js';
import type { MailMessage } from './mailer.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Wraps paragraphs (already escaped HTML) in a minimal, client-safe document. */
function page(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:sans-serif;font-size:14px;line-height:1.5">${body}</body></html>`;
}

/** The e-mail that carries a verification code. */
export function verificationCodeMail(
  ctx: AppContext,
  language: Language,
  to: string,
  code: string,
  minutes: number,
): MailMessage {
  const system = ctx.settings.get(systemName);
  const intro = translate(language, 'mail_code_intro', { system });
  const validity = translate(language, 'mail_code_validity', { minutes });
  return {
    to,
    subject: translate(language, 'mail_code_subject', { system }),
    html: page([
      escapeHtml(intro),
      `<strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong>`,
      escapeHtml(validity),
    ]),
    text: `${intro}\n\n${code}\n\n${validity}\n`,
  };
}

/** The e-mail that carries a password reset link. */
export function resetLinkMail(
  ctx: AppContext,
  language: Language,
  to: string,
  link: string,
  minutes: number,
): MailMessage {
  const system = ctx.settings.get(systemName);
  const intro = translate(language, 'mail_reset_intro', { system });
  const validity = translate(language, 'mail_reset_validity', { minutes });
  const href = escapeHtml(link);
  return {
    to,
    subject: translate(language, 'mail_reset_subject', { system }),
    html: page([escapeHtml(intro), `<a href="${href}">${href}</a>`, escapeHtml(validity)]),
    text: `${intro}\n\n${link}\n\n${validity}\n`,
  };
}

/** The e-mail the settings page's "send test mail" button sends. */
export function testMail(ctx: AppContext, language: Language, to: string): MailMessage {
  const system = ctx.settings.get(systemName);
  const body = translate(language, 'mail_test_body', { system });
  return {
    to,
    subject: translate(language, 'mail_test_subject', { system }),
    html: page([escapeHtml(body)]),
    text: `${body}\n`,
  };
}

/** The e-mail that delivers an issued invoice, its PDF attached. */
export function invoiceIssuedMail(
  ctx: AppContext,
  language: Language,
  invoice: { id: number; email: string; amount: string; title: string; pdf: Buffer },
): MailMessage {
  const system = ctx.settings.get(systemName);
  const body = translate(language, 'mail_invoice_body', {
    system,
    id: invoice.id,
    amount: invoice.amount,
    title: invoice.title,
  });
  return {
    to: invoice.email,
    subject: translate(language, 'mail_invoice_subject', { system, id: invoice.id }),
    html: page([escapeHtml(body)]),
    text: `${body}\n`,
    attachments: [
      {
        filename: `invoice-${invoice.id}.pdf`,
        content: invoice.pdf,
        contentType: 'application/pdf',
      },
    ],
  };
}
