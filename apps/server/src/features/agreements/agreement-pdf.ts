import PDFDocument from 'pdfkit';
import type { IdType, Utility } from '@kunci/contracts/agreements';
import { formatRinggit } from '@kunci/contracts/payments';
import { formatDate, formatDateTime } from '@kunci/i18n/format';
import { HTML_LANG, type Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { pdfFonts } from '../../lib/pdf-fonts.ts';

/** Everything the agreement prints, with the parties' ID numbers in the clear (the PDF is private). */
export interface AgreementDocument {
  reference: string;
  language: Language;
  propertyName: string;
  address: string;
  startDate: string;
  endDate: string;
  tenancyMonths: number;
  monthlyRent: number;
  surchargeSen: number;
  signingFeeSen: number;
  sstSen: number;
  bookingFeeSen: number;
  occupants: number;
  utilities: Utility[];
  houseRules: string;
  parties: { role: 'LANDLORD' | 'TENANT'; name: string; idType: IdType; idNumber: string; signedAt: Date | null; phoneEnd: string }[];
  /** Both signed: the final document; otherwise a draft, marked as such on every page. */
  signed: boolean;
  createdAt: Date;
}

const INK = '#1c1917';
const MUTED = '#57534e';
const BRAND = '#0f766e';
const RULE = '#d6d3d1';
const WARN = '#b45309';

/** The tenancy agreement as an A4 PDF in its language (en, ms, zh), set in Noto Sans SC (lib/pdf-fonts.ts). */
export async function agreementPdf(agreement: AgreementDocument): Promise<Buffer> {
  const lang = agreement.language;
  const t = translatorFor(lang);
  const day = (date: string) => formatDate(lang, `${date}T00:00:00+08:00`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: HTML_LANG[lang],
    displayTitle: true,
    info: {
      Title: `Kunci · ${t('agreements.pdf.title')} ${agreement.reference}`,
      Author: 'Kunci',
      Subject: agreement.propertyName,
      CreationDate: agreement.createdAt,
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

  const rule = (below: number, above = 0) => {
    doc.y += above;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.75)
      .strokeColor(RULE)
      .stroke();
    doc.y += below;
  };
  const heading = (text: string) => {
    doc.moveDown(0.6);
    doc.font('bold').fontSize(13).fillColor(BRAND).text(text, left, doc.y, { width });
    doc.moveDown(0.3);
  };
  const paragraph = (text: string, options: { color?: string; size?: number } = {}) =>
    doc
      .font('regular')
      .fontSize(options.size ?? 10.5)
      .fillColor(options.color ?? INK)
      .text(text, left, doc.y, { width });
  const labelWidth = 170;
  const row = (label: string, value: string, strong = false) => {
    const y = doc.y;
    doc.font('regular').fontSize(10.5).fillColor(MUTED).text(label, left, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font(strong ? 'bold' : 'regular')
      .fontSize(10.5)
      .fillColor(INK)
      .text(value, left + labelWidth + 12, y, { width: width - labelWidth - 12 });
    doc.y = Math.max(labelBottom, doc.y) + 4;
  };

  // Header.
  const top = doc.y;
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(BRAND)
    .text('Kunci', left, top, { width: width / 2 });
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(t('agreements.pdf.title'), left + width / 2, top + 2, { width: width / 2, align: 'right' });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t('agreements.pdf.reference', { reference: agreement.reference }), left + width / 2, doc.y, { width: width / 2, align: 'right' });
  doc.y += 10;
  rule(10);
  if (!agreement.signed) paragraph(t('agreements.pdf.draft'), { color: WARN, size: 11 });
  paragraph(t('agreements.pdf.between'), { color: MUTED, size: 10 });

  heading(t('agreements.pdf.parties'));
  for (const party of agreement.parties) {
    row(
      t(party.role === 'LANDLORD' ? 'agreements.pdf.landlord' : 'agreements.pdf.tenant'),
      `${party.name}\n${t('agreements.pdf.id', { type: party.idType, number: party.idNumber })}`,
      true,
    );
  }

  heading(t('agreements.pdf.property'));
  row(agreement.propertyName, agreement.address);

  heading(t('agreements.pdf.terms'));
  row(t('agreements.pdf.start'), day(agreement.startDate));
  row(t('agreements.pdf.end'), day(agreement.endDate));
  row(t('agreements.pdf.months'), t('agreements.pdf.monthsValue', { count: agreement.tenancyMonths }));
  row(t('agreements.pdf.rent'), `${formatRinggit(agreement.monthlyRent * 100)}\n${t('agreements.pdf.rentDue')}`);
  if (agreement.surchargeSen > 0) row(t('agreements.pdf.surcharge'), formatRinggit(agreement.surchargeSen));
  row(t('agreements.pdf.occupants'), String(agreement.occupants));
  row(
    t('agreements.pdf.utilities'),
    agreement.utilities.length
      ? agreement.utilities.map((utility) => t('agreements.utility', { utility })).join(', ')
      : t('agreements.pdf.utilitiesNone'),
  );
  row(t('agreements.pdf.houseRules'), agreement.houseRules || t('agreements.pdf.houseRulesNone'));

  heading(t('agreements.pdf.moveIn'));
  const rentSen = agreement.monthlyRent * 100;
  row(t('agreements.pdf.firstMonth'), formatRinggit(rentSen));
  row(t('agreements.pdf.signingFee'), formatRinggit(agreement.signingFeeSen));
  row(t('agreements.pdf.sst'), formatRinggit(agreement.sstSen));
  if (agreement.surchargeSen > 0) row(t('agreements.pdf.surcharge'), formatRinggit(agreement.surchargeSen));
  if (agreement.bookingFeeSen > 0) row(t('agreements.pdf.bookingFee'), `-${formatRinggit(agreement.bookingFeeSen)}`);
  const totalSen = rentSen + agreement.signingFeeSen + agreement.sstSen + agreement.surchargeSen - agreement.bookingFeeSen;
  row(t('agreements.pdf.total'), formatRinggit(totalSen), true);

  heading(t('agreements.pdf.clauses'));
  for (const [index, key] of (['agreements.pdf.clause.deposit', 'agreements.pdf.clause.care', 'agreements.pdf.clause.end'] as const).entries()) {
    paragraph(`${index + 1}. ${t(key)}`);
    doc.moveDown(0.2);
  }

  heading(t('agreements.pdf.signatures'));
  for (const party of agreement.parties) {
    row(
      `${t(party.role === 'LANDLORD' ? 'agreements.pdf.landlord' : 'agreements.pdf.tenant')}: ${party.name}`,
      party.signedAt
        ? t('agreements.pdf.signedBy', { time: formatDateTime(lang, party.signedAt.toISOString()), phone: party.phoneEnd })
        : t('agreements.pdf.notSigned'),
    );
  }
  doc.end();
  return done;
}
