import PDFDocument from 'pdfkit';
import { BUSINESS } from '@kunci/contracts/business';
import { formatRinggit } from '@kunci/contracts/payments';
import type { ProtectionPlan } from '@kunci/contracts/protection';
import { formatDate } from '@kunci/i18n/format';
import { HTML_LANG, type Language } from '@kunci/i18n/locales';
import { translatorFor, type MessageKey } from '@kunci/i18n/messages';
import { pdfFonts } from '../../../lib/pdf-fonts.ts';

/** Everything the policy document prints. Money in sen. */
export interface PolicyDocument {
  reference: string;
  language: Language;
  plan: ProtectionPlan;
  status: 'PENDING_PAYMENT' | 'ACTIVE' | 'CANCELLED';
  landlord: string;
  tenant: string;
  propertyName: string;
  startDate: string;
  endDate: string;
  monthlyRentSen: number;
  insuredRentSen: number;
  premiumSen: number;
  sstSen: number;
  stampDutySen: number;
  totalSen: number;
  instalments: { number: number; amountSen: number; dueDate: string; paid: boolean }[];
  createdAt: Date;
}

const rules = BUSINESS.protection;
const INK = '#1c1917';
const MUTED = '#57534e';
const BRAND = '#0f766e';
const RULE = '#d6d3d1';
const WARN = '#b45309';

/** The cover table: what each item covers, and whether this plan has it. */
const COVER: { key: MessageKey; plans: ProtectionPlan[] }[] = [
  { key: 'services.protection.feature.lossOfRent', plans: ['STANDARD', 'PROTECT', 'PROTECT_PLUS'] },
  { key: 'services.protection.feature.damage', plans: ['STANDARD', 'PROTECT', 'PROTECT_PLUS'] },
  { key: 'services.protection.feature.legal', plans: ['STANDARD', 'PROTECT', 'PROTECT_PLUS'] },
  { key: 'services.protection.feature.otr', plans: ['PROTECT_PLUS'] },
  { key: 'services.protection.feature.ocd', plans: ['PROTECT_PLUS'] },
];

/** The policy document as an A4 PDF in the landlord's language (en, ms, zh), set as the tenancy agreement is. */
export async function policyPdf(policy: PolicyDocument): Promise<Buffer> {
  const lang = policy.language;
  const t = translatorFor(lang);
  const day = (date: string) => formatDate(lang, `${date}T00:00:00+08:00`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: HTML_LANG[lang],
    displayTitle: true,
    info: {
      Title: `Kunci · ${t('services.protection.pdf.title')} ${policy.reference}`,
      Author: 'Kunci',
      Subject: policy.propertyName,
      CreationDate: policy.createdAt,
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
  const rule = (below: number) => {
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
  const labelWidth = 190;
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
  const planName = t('services.protection.plan', { plan: policy.plan });

  const top = doc.y;
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(BRAND)
    .text('Kunci', left, top, { width: width / 2 });
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text(t('services.protection.pdf.title'), left + width / 2, top + 2, { width: width / 2, align: 'right' });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t('services.protection.pdf.reference', { reference: policy.reference }), left + width / 2, doc.y, { width: width / 2, align: 'right' });
  doc.y += 10;
  rule(10);
  if (policy.status !== 'ACTIVE')
    doc.font('regular').fontSize(11).fillColor(WARN).text(t('services.protection.pdf.notInForce'), left, doc.y, { width });

  heading(t('services.protection.pdf.policy'));
  row(t('services.protection.pdf.plan'), planName, true);
  row(t('services.protection.pdf.landlord'), policy.landlord);
  row(t('services.protection.pdf.tenant'), policy.tenant);
  row(t('services.protection.pdf.property'), policy.propertyName);
  row(t('services.protection.pdf.period'), t('services.protection.pdf.periodValue', { start: day(policy.startDate), end: day(policy.endDate) }));
  row(t('services.protection.pdf.rent'), formatRinggit(policy.monthlyRentSen));
  if (policy.insuredRentSen !== policy.monthlyRentSen) row(t('services.protection.pdf.insuredRent'), formatRinggit(policy.insuredRentSen));

  heading(t('services.protection.pdf.cover'));
  for (const item of COVER)
    row(
      t(item.key, { months: rules.lossOfRentMonths }),
      item.plans.includes(policy.plan) ? t('services.protection.table.yes') : t('services.protection.table.no'),
      item.plans.includes(policy.plan),
    );

  heading(t('services.protection.pdf.price'));
  row(t('services.protection.pdf.premium', { months: rules.plans[policy.plan].months }), formatRinggit(policy.premiumSen));
  row(t('services.protection.pdf.sst', { rate: Math.round(rules.sstRate * 100) }), formatRinggit(policy.sstSen));
  row(t('services.protection.pdf.stampDuty'), formatRinggit(policy.stampDutySen));
  row(t('services.protection.pdf.total'), formatRinggit(policy.totalSen), true);
  for (const instalment of policy.instalments)
    row(
      t('services.protection.pdf.instalment', { number: instalment.number, count: policy.instalments.length }),
      `${formatRinggit(instalment.amountSen)} · ${day(instalment.dueDate)} · ${t(instalment.paid ? 'services.protection.pdf.paid' : 'services.protection.pdf.due')}`,
    );

  heading(t('services.protection.pdf.conditions'));
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(INK)
    .text(t('services.protection.pdf.claims', { days: rules.claimWithinDays, photos: rules.claimMinPhotos }), left, doc.y, { width });
  doc.end();
  return done;
}
