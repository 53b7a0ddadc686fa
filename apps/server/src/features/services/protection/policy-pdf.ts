import { BUSINESS } from '@kunci/contracts/business';
import { formatRinggit } from '@kunci/contracts/payments';
import type { ProtectionPlan } from '@kunci/contracts/protection';
import { formatDate } from '@kunci/i18n/format';
import type { Language } from '@kunci/i18n/locales';
import { translatorFor, type MessageKey } from '@kunci/i18n/messages';
import { PDF_COLOURS, pdfDocument } from '../../../lib/pdf-document.ts';

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
  const { doc, left, width, done, header, heading, row } = pdfDocument({
    language: lang,
    title: `Kunci · ${t('services.protection.pdf.title')} ${policy.reference}`,
    subject: policy.propertyName,
    createdAt: policy.createdAt,
    labelWidth: 190,
  });
  const planName = t('services.protection.plan', { plan: policy.plan });

  header(t('services.protection.pdf.title'), t('services.protection.pdf.reference', { reference: policy.reference }), 16);
  if (policy.status !== 'ACTIVE')
    doc.font('regular').fontSize(11).fillColor(PDF_COLOURS.warn).text(t('services.protection.pdf.notInForce'), left, doc.y, { width });

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
    .fillColor(PDF_COLOURS.ink)
    .text(t('services.protection.pdf.claims', { days: rules.claimWithinDays, photos: rules.claimMinPhotos }), left, doc.y, { width });
  doc.end();
  return done;
}
