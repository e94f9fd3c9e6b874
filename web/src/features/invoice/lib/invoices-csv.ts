import { csvLine, formatMinor, type InvoiceItem } from '@gateway/shared';

/** Invoices as CSV with the given header; types and states through `label`. */
export function invoicesCsv(
  invoices: readonly InvoiceItem[],
  header: readonly string[],
  label: (kind: 'type' | 'status', value: string) => string,
): string {
  const rows = invoices.map((i) => [
    String(i.id),
    String(i.user_id),
    i.username,
    label('type', i.type),
    `${formatMinor(i.amount_minor, i.currency)} ${i.currency}`,
    i.title,
    i.tax_id,
    i.email,
    i.remark,
    label('status', i.status),
    i.reason,
    new Date(i.created_at * 1000).toISOString(),
    i.reviewed_at ? new Date(i.reviewed_at * 1000).toISOString() : '',
  ]);
  return [header, ...rows].map(csvLine).join('');
}
