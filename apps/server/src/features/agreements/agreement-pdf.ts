import type { IdType, Utility } from '@kunci/contracts/agreements';
import { formatRinggit } from '@kunci/contracts/payments';
import { formatDate, formatDateTime, formatLabel, formatList } from '@kunci/i18n/format';
import type { Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { PDF_COLOURS, pdfDocument } from '../../lib/pdf-document.ts';

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

/** The tenancy agreement as an A4 PDF in its language (en, ms, zh), in the house style of lib/pdf-document.ts. */
export async function agreementPdf(agreement: AgreementDocument): Promise<Buffer> {
  const lang = agreement.language;
  const t = translatorFor(lang);
  const day = (date: string) => formatDate(lang, `${date}T00:00:00+08:00`);
  const { doc, left, width, done, header, heading, row } = pdfDocument({
    language: lang,
    title: `Kunci · ${t('agreements.pdf.title')} ${agreement.reference}`,
    subject: agreement.propertyName,
    createdAt: agreement.createdAt,
  });
  const paragraph = (text: string, options: { color?: string; size?: number } = {}) =>
    doc
      .font('regular')
      .fontSize(options.size ?? 10.5)
      .fillColor(options.color ?? PDF_COLOURS.ink)
      .text(text, left, doc.y, { width });

  header(t('agreements.pdf.title'), t('agreements.pdf.reference', { reference: agreement.reference }), 18);
  if (!agreement.signed) paragraph(t('agreements.pdf.draft'), { color: PDF_COLOURS.warn, size: 11 });
  paragraph(t('agreements.pdf.between'), { color: PDF_COLOURS.muted, size: 10 });

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
      ? formatList(
          lang,
          agreement.utilities.map((utility) => t('agreements.utility', { utility })),
        )
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
      `${formatLabel(lang, t(party.role === 'LANDLORD' ? 'agreements.pdf.landlord' : 'agreements.pdf.tenant'))}${party.name}`,
      party.signedAt
        ? t('agreements.pdf.signedBy', { time: formatDateTime(lang, party.signedAt.toISOString()), phone: party.phoneEnd })
        : t('agreements.pdf.notSigned'),
    );
  }
  doc.end();
  return done;
}
