import PDFDocument from 'pdfkit';
import type { Receipt } from '@kunci/contracts/payments';
import { HTML_LANG } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { pdfFonts } from '../../lib/pdf-fonts.ts';
import { receiptRows } from './receipt-rows.ts';

/**
 * The receipt as an A4 PDF in the receipt's language (en, ms, zh), with the same rows as the receipt page, set
 * in the fonts of lib/pdf-fonts.ts (Noto Sans SC: a Chinese name on an English receipt prints too; only the glyphs
 * used are embedded, so a receipt stays a few dozen kilobytes).
 */

const INK = '#1c1917';
const MUTED = '#57534e';
const BRAND = '#0f766e';
const RULE = '#d6d3d1';

export async function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const t = translatorFor(receipt.language);
  const title = `Kunci · ${t('payments.receipt.title')} ${receipt.receiptNumber}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: HTML_LANG[receipt.language],
    displayTitle: true,
    info: { Title: title, Author: 'Kunci', Subject: receipt.description, CreationDate: new Date(receipt.paidAt) },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { regular, bold } = pdfFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // Header: the company on the left, the document's title on the right.
  const top = doc.y;
  /** A hairline across the page, with space above and below it. */
  const rule = (lineWidth: number, below: number, above = 0) => {
    doc.y += above;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(lineWidth)
      .strokeColor(RULE)
      .stroke();
    doc.y += below;
  };
  doc
    .font('bold')
    .fontSize(24)
    .fillColor(BRAND)
    .text('Kunci', left, top, { width: width / 2 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t('payments.receipt.company'), left, doc.y + 2, { width: width * 0.6 });
  const afterCompany = doc.y;
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(INK)
    .text(t('payments.receipt.title'), left + width / 2, top + 2, { width: width / 2, align: 'right' });
  doc.y = Math.max(afterCompany, doc.y) + 14;
  rule(1, 16);

  // The rows: label left, value right of it; the total stands out.
  const labelWidth = 150;
  const valueX = left + labelWidth + 12;
  const valueWidth = width - labelWidth - 12;
  const rows = receiptRows(receipt);
  for (const [index, row] of rows.entries()) {
    // The last row is what the payer paid: the amount, or the total after a refund.
    const total = index === rows.length - 1;
    if (total) {
      rule(0.5, 10, 6);
    }
    const y = doc.y;
    doc.font('regular').fontSize(11).fillColor(MUTED).text(t(row.label), left, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font(total ? 'bold' : 'regular')
      .fontSize(total ? 15 : 11)
      .fillColor(INK)
      .text(row.value, valueX, y, { width: valueWidth });
    doc.y = Math.max(labelBottom, doc.y) + 8;
  }

  rule(1, 10, 18);
  doc.font('regular').fontSize(9).fillColor(MUTED).text(t('payments.receipt.footer'), left, doc.y, { width });
  doc.end();
  return done;
}
