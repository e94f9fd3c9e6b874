import { minorDigits } from '@gateway/shared';
import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import { dialectOf, type Db } from '../client.js';
import type { Database, InvoicesTable } from '../schema/index.js';

export type InvoiceRow = Selectable<InvoicesTable>;

/** States whose amount is held against the invoiceable total (all but rejected). */
const liveStatuses = ['pending', 'tax_review', 'completed'];

/**
 * Locks the user's row until the transaction ends, so that two applications of one user
 * are checked one after the other. SQLite needs no lock: its writers are serialized.
 */
export async function lockUser(trx: Db, userId: number): Promise<void> {
  let query = trx.selectFrom('users').select('id').where('id', '=', userId);
  if (dialectOf(trx) !== 'sqlite') query = query.forUpdate();
  await query.executeTakeFirst();
}

/** `minor` units of `from` decimals in units of `to` decimals, rounded down. */
function rescale(minor: number, from: number, to: number): number {
  return to >= from ? minor * 10 ** (to - from) : Math.floor(minor / 10 ** (from - to));
}

/**
 * Paid top-ups of a user in one currency, less what was refunded or disputed, minus what live
 * invoices already cover; in the currency's ISO minor units (an order keeps its provider's,
 * e.g. Stripe's hundredths of a króna).
 */
export async function invoiceableMinor(db: Db, userId: number, currency: string): Promise<number> {
  const [paid, held] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => [
        'money_digits',
        eb.fn.sum<number | string>(sql`money_minor - refunded_minor - disputed_minor`).as('sum'),
      ])
      .where('user_id', '=', userId)
      .where('status', '=', 'paid')
      .where('currency', '=', currency)
      .groupBy('money_digits')
      .execute(),
    db
      .selectFrom('invoices')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number | string>('amount_minor'), eb.lit(0)).as('sum'),
      )
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .where('status', 'in', liveStatuses)
      .executeTakeFirstOrThrow(),
  ]);
  const digits = minorDigits(currency);
  const kept = paid.reduce((sum, g) => sum + rescale(Number(g.sum), g.money_digits, digits), 0);
  return kept - Number(held.sum);
}

export async function insertInvoice(db: Db, row: Insertable<InvoicesTable>): Promise<number> {
  const result = await db.insertInto('invoices').values(row).executeTakeFirst();
  if (result.insertId !== undefined) return Number(result.insertId);
  const last = await db
    .selectFrom('invoices')
    .select('id')
    .where('user_id', '=', row.user_id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return last.id;
}

export function findInvoice(db: Db, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which invoices a listing covers; `userId` is set for a user's own list. */
export interface InvoiceFilter {
  id?: number;
  userId?: number;
  status?: string;
  type?: string;
  from?: number;
  to?: number;
}

function invoiceWhere(f: InvoiceFilter) {
  return (eb: ExpressionBuilder<Database, 'invoices'>) => {
    const all = [];
    if (f.id !== undefined) all.push(eb('invoices.id', '=', f.id));
    if (f.userId !== undefined) all.push(eb('invoices.user_id', '=', f.userId));
    if (f.status) all.push(eb('invoices.status', '=', f.status));
    if (f.type) all.push(eb('invoices.type', '=', f.type));
    if (f.from) all.push(eb('invoices.created_at', '>=', f.from));
    if (f.to) all.push(eb('invoices.created_at', '<=', f.to));
    return eb.and(all);
  };
}

/** One page of invoices with their owners' names, newest first, and how many match. */
export async function listInvoices(db: Db, f: InvoiceFilter, page: number, size: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('invoices')
      .leftJoin('users', 'users.id', 'invoices.user_id')
      .selectAll('invoices')
      .select((eb) => [
        eb.fn.coalesce('users.username', eb.val('')).as('username'),
        eb.fn.coalesce('users.role', eb.val(0)).as('user_role'),
      ])
      .where(invoiceWhere(f))
      .orderBy('invoices.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where(invoiceWhere(f))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Moves an invoice from one of `from` to `status`: one guarded statement, so of two racing
 * reviews exactly one moves it; with `needsFile`, only when its PDF is there. True when moved.
 */
export async function moveInvoice(
  db: Db,
  id: number,
  from: readonly string[],
  values: { status: string; reason?: string; reviewer_id: number; reviewed_at: number },
  needsFile = false,
): Promise<boolean> {
  let query = db
    .updateTable('invoices')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (needsFile) query = query.where('file_size', '>', 0);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stores (or replaces) the PDF of an invoice still under review, with its size on the invoice.
 * False when the invoice is no longer under review.
 */
export async function storeInvoiceFile(
  db: Db,
  file: { invoiceId: number; content: Buffer; sha256: string; uploadedBy: number; now: number },
  reviewable: readonly string[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const sized = await trx
      .updateTable('invoices')
      .set({ file_size: file.content.length })
      .where('id', '=', file.invoiceId)
      .where('status', 'in', [...reviewable])
      .executeTakeFirst();
    if (Number(sized.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('invoice_files').where('invoice_id', '=', file.invoiceId).execute();
    await trx
      .insertInto('invoice_files')
      .values({
        invoice_id: file.invoiceId,
        content: file.content,
        sha256: file.sha256,
        uploaded_by: file.uploadedBy,
        created_at: file.now,
      })
      .execute();
    return true;
  });
}

export function findInvoiceFile(db: Db, invoiceId: number) {
  return db
    .selectFrom('invoice_files')
    .select(['content', 'sha256'])
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst();
}
