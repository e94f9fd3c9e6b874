import { describe, expect, it } from 'vitest';
import { pdfProblem } from './pdf-file';

describe('pdfProblem', () => {
  it('accepts a PDF by its content and refuses other files, whatever their names', async () => {
    await expect(pdfProblem(new Blob(['%PDF-1.7\n...\n%%EOF\n']))).resolves.toBeNull();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'invoice.pdf', {
      type: 'application/pdf',
    });
    await expect(pdfProblem(png)).resolves.toBe('notPdf');
  });

  it('refuses files above 10 MB before reading them', async () => {
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    await expect(pdfProblem(big)).resolves.toBe('tooLarge');
  });
});
