import { invoicePdfMaxBytes } from '@gateway/shared';
import { AppError } from '../../errors.js';

/** How far into a file a PDF header may start, and how near its end `%%EOF` must be. */
const window = 1024;
const header = Buffer.from('%PDF-');
const trailer = Buffer.from('%%EOF');

/**
 * Refuses anything but a PDF of at most 10 MB, judged by its content (the `%PDF-` header
 * near the start and the `%%EOF` marker near the end), never by a file name or a header.
 */
export function checkPdf(content: Buffer): void {
  if (content.length > invoicePdfMaxBytes) throw new AppError('invoice_pdf_too_large');
  const start = content.subarray(0, window).indexOf(header);
  const end = content.subarray(Math.max(0, content.length - window)).indexOf(trailer);
  const version = start >= 0 ? content.subarray(start + 5, start + 8).toString('latin1') : '';
  if (start < 0 || end < 0 || !/^[12]\.\d$/.test(version)) {
    throw new AppError('invoice_pdf_invalid');
  }
}
