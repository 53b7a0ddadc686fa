import type { Receipt } from '@kunci/contracts/payments';

/** Placeholder until the PDF writer lands. */
export async function receiptPdf(_receipt: Receipt): Promise<Buffer> {
  return Buffer.from('%PDF-1.4\n%%EOF\n');
}
