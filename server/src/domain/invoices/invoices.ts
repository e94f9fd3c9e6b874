import {
  LogType,
  hasRole,
  Role,
  type ApplyInvoiceRequest,
  type InvoiceItem,
  type InvoiceSummary,
  type Page,
  type ReviewInvoiceRequest,
  formatMinor,
  isLanguage,
  type Language,
  minorDigits,
} from '@gateway/shared';
import { createHash } from 'node:crypto';
import {
  invoiceCurrency,
  invoiceForbiddenWords,
  invoiceMinAmount,
  rixApiProMax,
} from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import {
  findInvoice,
  findInvoiceFile,
  insertInvoice,
  invoiceableMinor,
  listInvoices,
  lockUser,
  moveInvoice,
  storeInvoiceFile,
  type InvoiceFilter,
  type InvoiceRow,
} from '../../db/queries/invoices.js';
import { findUserFields } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { scaledExactly } from '../../lib/decimal.js';
import { nowSeconds } from '../../lib/time.js';
import { guardStaffAction, type StaffActor } from '../../policies/staff.js';
import { insertAccountLog } from '../users/account-log.js';
import { invoiceIssuedMail } from '../email/mail-templates.js';
import { readSmtpConfig } from '../email/smtp-config.js';
import { notifyUser } from '../notifications/notify.js';
import { checkPdf } from './pdf.js';

/** Working days a review takes, as the application form tells the applicant. */
const reviewDays: [number, number] = [1, 3];
/** States in which finance may still act on an invoice. */
const underReview = ['pending', 'tax_review'] as const;

/** The product names a remark must not contain (`InvoiceForbiddenWords`, comma-separated). */
function forbiddenWords(ctx: AppContext): string[] {
  return ctx.settings
    .get(invoiceForbiddenWords)
    .split(/[,\uFF0C\n]/) // ASCII or full-width commas
    .map((w) => w.trim())
    .filter(Boolean);
}

/**
 * `amount` major units in minor units of `currency`, read from the number's decimal spelling;
 * refuses more decimals than the currency has.
 */
function toMinorExact(amount: number, currency: string): number {
  const minor = scaledExactly(amount, minorDigits(currency));
  if (minor === undefined) throw new AppError('invoice_amount_invalid');
  return minor;
}

/** What the application form shows: the invoiceable amount, the minimum, the rules. */
export async function invoiceSummary(ctx: AppContext, userId: number): Promise<InvoiceSummary> {
  const currency = ctx.settings.get(invoiceCurrency);
  return {
    currency,
    invoiceable_minor: Math.max(0, await invoiceableMinor(ctx.db, userId, currency)),
    min_minor: Math.round(ctx.settings.get(invoiceMinAmount) * 10 ** minorDigits(currency)),
    review_days: reviewDays,
    forbidden_words: forbiddenWords(ctx),
  };
}

/**
 * A user applies for an invoice. The amount must reach `InvoiceMinAmount` and stay within
 * paid top-ups not yet covered by a live invoice; the check and the insert run with the
 * user's row locked, so two applications at once cannot both spend the same top-ups.
 */
export async function applyForInvoice(
  ctx: AppContext,
  user: { id: number; username: string },
  request: Required<ApplyInvoiceRequest>,
): Promise<InvoiceItem> {
  if (!ctx.settings.get(rixApiProMax)) throw new AppError('invoice_disabled');
  const currency = ctx.settings.get(invoiceCurrency);
  const amountMinor = toMinorExact(request.amount, currency);
  const minMinor = Math.round(ctx.settings.get(invoiceMinAmount) * 10 ** minorDigits(currency));
  if (amountMinor < minMinor) {
    throw new AppError('invoice_amount_below_min', { min: formatMinor(minMinor, currency) });
  }
  const remark = request.remark.toLowerCase();
  const word = forbiddenWords(ctx).find((w) => remark.includes(w.toLowerCase()));
  if (word) throw new AppError('invoice_remark_forbidden', { word });

  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    const available = await invoiceableMinor(trx, user.id, currency);
    if (amountMinor > available) {
      throw new AppError('invoice_amount_above_invoiceable', {
        max: formatMinor(Math.max(0, available), currency),
      });
    }
    return insertInvoice(trx, {
      user_id: user.id,
      type: request.type,
      currency,
      amount_minor: amountMinor,
      title: request.title,
      tax_id: request.tax_id,
      email: request.email,
      remark: request.remark,
      created_at: nowSeconds(),
    });
  });
  return invoiceItem(ctx, id);
}

function toInvoiceItem(row: InvoiceRow & { username?: string; user_role?: unknown }): InvoiceItem {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username ?? '',
    user_role: Number(row.user_role ?? 0),
    type: row.type as InvoiceItem['type'],
    currency: row.currency,
    amount_minor: Number(row.amount_minor),
    title: row.title,
    tax_id: row.tax_id,
    email: row.email,
    remark: row.remark,
    status: row.status as InvoiceItem['status'],
    reason: row.reason,
    reviewer_id: row.reviewer_id,
    file_size: Number(row.file_size),
    created_at: Number(row.created_at),
    reviewed_at: Number(row.reviewed_at),
  };
}

export async function listInvoiceItems(
  ctx: AppContext,
  filter: InvoiceFilter,
  page: number,
  pageSize: number,
): Promise<Page<InvoiceItem>> {
  const { rows, total } = await listInvoices(ctx.db, filter, page, pageSize);
  return { page, page_size: pageSize, total, items: rows.map(toInvoiceItem) };
}

/** One invoice, the owner's own unless `ownerId` is undefined (staff). */
async function invoiceFor(ctx: AppContext, id: number, ownerId?: number): Promise<InvoiceRow> {
  const row = await findInvoice(ctx.db, id);
  if (!row || (ownerId !== undefined && row.user_id !== ownerId)) {
    throw new AppError('invoice_not_found');
  }
  return row;
}

async function invoiceItem(ctx: AppContext, id: number): Promise<InvoiceItem> {
  const { items } = await listInvoiceItems(ctx, { id }, 1, 1);
  if (!items[0]) throw new AppError('invoice_not_found');
  return items[0];
}

/**
 * Finance stores the invoice's PDF (checked by content); a new upload replaces the old one.
 * Not for their own invoice, nor one of a user of their rank or above.
 */
export async function uploadInvoicePdf(
  ctx: AppContext,
  id: number,
  content: Buffer,
  uploader: StaffActor,
): Promise<InvoiceItem> {
  const uploadedBy = uploader.id;
  const invoice = await invoiceFor(ctx, id);
  await guardStaffAction(ctx, uploader, invoice.user_id);
  checkPdf(content);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const stored = await storeInvoiceFile(
    ctx.db,
    { invoiceId: id, content, sha256, uploadedBy, now: nowSeconds() },
    underReview,
  );
  if (!stored) throw new AppError('invoice_not_reviewable');
  return invoiceItem(ctx, id);
}

const actionMoves = {
  tax_review: { from: ['pending'], to: 'tax_review', verb: 'moved to tax review' },
  approve: { from: underReview, to: 'completed', verb: 'issued' },
  reject: { from: underReview, to: 'rejected', verb: 'rejected' },
} as const;

/**
 * Finance reviews an invoice: to tax review, approved (only with its PDF stored) or rejected
 * (only with a reason); never their own, nor one of a user of their rank or above. One guarded
 * statement per move, so two reviewers cannot both act; the owner's log records it.
 */
export async function reviewInvoice(
  ctx: AppContext,
  id: number,
  request: Required<ReviewInvoiceRequest>,
  reviewer: StaffActor,
): Promise<InvoiceItem> {
  const reviewerId = reviewer.id;
  const invoice = await invoiceFor(ctx, id);
  await guardStaffAction(ctx, reviewer, invoice.user_id);
  if (request.action === 'reject' && !request.reason) {
    throw new AppError('invoice_reason_required');
  }
  const move = actionMoves[request.action];
  const now = nowSeconds();
  let language: Language = 'en';
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const done = await moveInvoice(
      trx,
      id,
      move.from,
      {
        status: move.to,
        reason: request.action === 'reject' ? request.reason : '',
        reviewer_id: reviewerId,
        reviewed_at: now,
      },
      request.action === 'approve',
    );
    if (!done) return false;
    const owner = await findUserFields(trx, invoice.user_id, ['username', 'language']);
    language = owner?.language && isLanguage(owner.language) ? owner.language : 'en';
    const amount = `${formatMinor(Number(invoice.amount_minor), invoice.currency)} ${invoice.currency}`;
    const why = request.action === 'reject' ? `: ${request.reason}` : '';
    await insertAccountLog(trx, {
      userId: invoice.user_id,
      username: owner?.username ?? '',
      type: LogType.manage,
      content: `Invoice #${id} over ${amount} ${move.verb} by #${reviewerId}${why}`,
      quota: 0,
    });
    return true;
  });
  if (!moved) {
    const current = await invoiceFor(ctx, id);
    const stillOpen = (move.from as readonly string[]).includes(current.status);
    if (request.action === 'approve' && stillOpen) throw new AppError('invoice_pdf_required');
    throw new AppError('invoice_not_reviewable');
  }
  if (request.action === 'approve') await mailIssuedInvoice(ctx, invoice, language);
  await notifyUser(ctx, invoice.user_id, 'invoice', {
    title: 'notify_invoice_title',
    body: 'notify_invoice_body',
    params: {
      id,
      amount: `${formatMinor(Number(invoice.amount_minor), invoice.currency)} ${invoice.currency}`,
      reason: request.action === 'reject' ? ` ${request.reason}` : '',
    },
    paramIds: { state: `invoice_state_${move.to}` },
  });
  return invoiceItem(ctx, id);
}

/** Sends the issued invoice to the address on the application, when mail is set up. */
async function mailIssuedInvoice(ctx: AppContext, invoice: InvoiceRow, language: Language) {
  const file = await findInvoiceFile(ctx.db, invoice.id);
  if (!file || !readSmtpConfig(ctx.settings)) return;
  const amount = `${formatMinor(Number(invoice.amount_minor), invoice.currency)} ${invoice.currency}`;
  const pdf = Buffer.from(file.content);
  const mail = invoiceIssuedMail(ctx, language, { ...invoice, amount, pdf });
  ctx.mail.queue(mail, 'invoice_issued');
}

/**
 * The PDF of an invoice: its owner gets it once the invoice is completed, finance staff
 * whenever one is stored. Anyone else is told it does not exist.
 */
export async function invoicePdf(
  ctx: AppContext,
  id: number,
  user: { id: number; role: number },
): Promise<Buffer> {
  const staff = hasRole(user.role, Role.finance);
  const invoice = await invoiceFor(ctx, id, staff ? undefined : user.id);
  if (!staff && invoice.status !== 'completed') throw new AppError('invoice_file_missing');
  const file = await findInvoiceFile(ctx.db, id);
  if (!file) throw new AppError('invoice_file_missing');
  return Buffer.from(file.content);
}
