import type { InvoiceItem } from '@gateway/shared';
import { describe, expect, it } from 'vitest';
import { invoicesCsv } from './invoices-csv';

const invoice: InvoiceItem = {
  id: 3,
  user_id: 9,
  username: 'alice',
  user_role: 1,
  type: 'vat',
  currency: 'CNY',
  amount_minor: 70_050,
  title: '=HYPERLINK("x")',
  tax_id: '9131',
  email: 'a@example.com',
  remark: 'line, with comma',
  status: 'completed',
  reason: '',
  reviewer_id: 1,
  file_size: 900,
  created_at: 0,
  reviewed_at: 0,
};

describe('invoicesCsv', () => {
  it('writes money in its currency, labels, and defuses formulas', () => {
    const text = invoicesCsv([invoice], ['ID'], (kind, v) => `${kind}:${v}`);
    const [head, row] = text.trim().split('\r\n');
    expect(head).toBe('ID');
    expect(row).toContain('700.50 CNY');
    expect(row).toContain('type:vat');
    expect(row).toContain('status:completed');
    expect(row).toContain('"line, with comma"');
    expect(row).not.toMatch(/,=HYPERLINK/);
  });
});
