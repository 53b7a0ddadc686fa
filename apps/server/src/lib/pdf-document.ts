import PDFDocument from 'pdfkit';
import { HTML_LANG, type Language } from '@kunci/i18n/locales';
import { pdfFonts } from './pdf-fonts.ts';

/** The colours of the PDFs the server writes (receipts, tenancy agreements, protection policies, brochures). */
export const PDF_COLOURS = { ink: '#1c1917', muted: '#57534e', brand: '#0f766e', rule: '#d6d3d1', warn: '#b45309' } as const;

export interface PdfDocumentOptions {
  language: Language;
  /** The document's title in the reader's window and its properties. */
  title: string;
  subject: string;
  /** Kunci, unless the document speaks for someone else (a developer's brochure). */
  author?: string;
  /** When the document was made; the time of writing when not given. */
  createdAt?: Date;
  /** The width of `row`'s label column. */
  labelWidth?: number;
  /** `row`'s type size, a strong value's, and the space after a row (10.5, 10.5 and 4 pt unless given). */
  rowStyle?: { size: number; strongSize: number; gap: number };
}

/** An A4 page of the house style, and the pieces every document draws with. */
export interface PdfPage {
  doc: PDFKit.PDFDocument;
  /** The left margin and the width between the margins. */
  left: number;
  width: number;
  /** The file's bytes, once the document is ended (`doc.end()`). */
  done: Promise<Buffer>;
  /** A hairline across the page: `above` points of space before it, `below` after. */
  rule: (below: number, options?: { above?: number; lineWidth?: number }) => void;
  /** "Kunci" in the brand colour at the left of the current line, `size` points tall; answers the line's top. */
  brand: (size: number) => number;
  /** "Kunci" on the left and the document's title on the right, its reference under the title, and a rule below. */
  header: (title: string, reference: string, titleSize: number) => void;
  /** A section's heading in the brand colour. */
  heading: (text: string) => void;
  /** A label in a column `labelWidth` wide, its value beside it. */
  row: (label: string, value: string, strong?: boolean) => void;
}

/**
 * A new A4 document in `language`, with 56 pt margins and the fonts of lib/pdf-fonts.ts registered as `regular` and
 * `bold` (Noto Sans SC: a Chinese name prints in any language's document).
 */
export function pdfDocument(options: PdfDocumentOptions): PdfPage {
  const { labelWidth = 170, rowStyle = { size: 10.5, strongSize: 10.5, gap: 4 } } = options;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: HTML_LANG[options.language],
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.author ?? 'Kunci',
      Subject: options.subject,
      ...(options.createdAt ? { CreationDate: options.createdAt } : {}),
    },
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

  const rule: PdfPage['rule'] = (below, { above = 0, lineWidth = 0.75 } = {}) => {
    doc.y += above;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(lineWidth)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    doc.y += below;
  };
  const brand: PdfPage['brand'] = (size) => {
    const top = doc.y;
    doc
      .font('bold')
      .fontSize(size)
      .fillColor(PDF_COLOURS.brand)
      .text('Kunci', left, top, { width: width / 2 });
    return top;
  };
  const header: PdfPage['header'] = (title, reference, titleSize) => {
    const top = brand(22);
    doc
      .font('bold')
      .fontSize(titleSize)
      .fillColor(PDF_COLOURS.ink)
      .text(title, left + width / 2, top + 2, { width: width / 2, align: 'right' });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(PDF_COLOURS.muted)
      .text(reference, left + width / 2, doc.y, { width: width / 2, align: 'right' });
    doc.y += 10;
    rule(10);
  };
  const heading: PdfPage['heading'] = (text) => {
    doc.moveDown(0.6);
    doc.font('bold').fontSize(13).fillColor(PDF_COLOURS.brand).text(text, left, doc.y, { width });
    doc.moveDown(0.3);
  };
  const row: PdfPage['row'] = (label, value, strong = false) => {
    const y = doc.y;
    doc.font('regular').fontSize(rowStyle.size).fillColor(PDF_COLOURS.muted).text(label, left, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(strong ? rowStyle.strongSize : rowStyle.size)
      .fillColor(PDF_COLOURS.ink)
      .text(value, left + labelWidth + 12, y, { width: width - labelWidth - 12 });
    doc.y = Math.max(labelBottom, doc.y) + rowStyle.gap;
  };
  return { doc, left, width, done, rule, brand, header, heading, row };
}
