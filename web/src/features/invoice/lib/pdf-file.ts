import { invoicePdfMaxBytes } from '@gateway/shared';

/** Why a chosen file cannot be the invoice PDF, or null when it can. */
export async function pdfProblem(file: Blob): Promise<'tooLarge' | 'notPdf' | null> {
  if (file.size > invoicePdfMaxBytes) return 'tooLarge';
  // Judged by content, as the server does: a PDF starts with `%PDF-` within its first kilobyte.
  const head = new TextDecoder('latin1').decode(await file.slice(0, 1024).arrayBuffer());
  return head.includes('%PDF-') ? null : 'notPdf';
}
