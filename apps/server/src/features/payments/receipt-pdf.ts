import type { Receipt } from '@kunci/contracts/payments';
import { translatorFor } from '@kunci/i18n/messages';
import { PDF_COLOURS, pdfDocument } from '../../lib/pdf-document.ts';
import { receiptRows } from './receipt-rows.ts';

/**
 * The receipt as an A4 PDF in the receipt's language (en, ms, zh), with the same rows as the receipt page, on the page
 * of lib/pdf-document.ts (Noto Sans SC: a Chinese name on an English receipt prints too; only the glyphs used are
 * embedded, so a receipt stays a few dozen kilobytes).
 */
export async function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const t = translatorFor(receipt.language);
  const title = `Kunci · ${t('payments.receipt.title')} ${receipt.receiptNumber}`;
  const { doc, left, width, done, rule, brand, row } = pdfDocument({
    language: receipt.language,
    title,
    subject: receipt.description,
    createdAt: new Date(receipt.paidAt),
    labelWidth: 150,
    rowStyle: { size: 11, strongSize: 15, gap: 8 },
  });

  // Header: the company on the left, the document's title on the right.
  const top = brand(24);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(PDF_COLOURS.muted)
    .text(t('payments.receipt.company'), left, doc.y + 2, { width: width * 0.6 });
  const afterCompany = doc.y;
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(PDF_COLOURS.ink)
    .text(t('payments.receipt.title'), left + width / 2, top + 2, { width: width / 2, align: 'right' });
  doc.y = Math.max(afterCompany, doc.y) + 14;
  rule(16, { lineWidth: 1 });

  // The rows: label left, value right of it; the total stands out.
  const rows = receiptRows(receipt);
  for (const [index, line] of rows.entries()) {
    // The last row is what the payer paid: the amount, or the total after a refund.
    const total = index === rows.length - 1;
    if (total) {
      rule(10, { lineWidth: 0.5, above: 6 });
    }
    row(t(line.label), line.value, total);
  }

  rule(10, { lineWidth: 1, above: 18 });
  doc.font('regular').fontSize(9).fillColor(PDF_COLOURS.muted).text(t('payments.receipt.footer'), left, doc.y, { width });
  doc.end();
  return done;
}
