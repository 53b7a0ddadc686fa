import { formatRinggit } from '@kunci/contracts/payments';
import { formatDate } from '@kunci/i18n/format';
import { translatorFor } from '@kunci/i18n/messages';
import { defineNotice } from '../../../lib/notices.ts';

/** The landlord's policy is in force: the first instalment was paid. */
export const policyActive = defineNotice<{ plan: string; property: string; reference: string }>({
  type: 'protection.policy-active',
  label: 'services.protection.notice.activeLabel',
  title: 'services.protection.notice.activeTitle',
  body: 'services.protection.notice.activeBody',
  channels: { email: true, push: true },
  values: (lang, params) => ({ ...params, plan: translatorFor(lang)('services.protection.plan', { plan: params.plan }) }),
});

/** On-time rental paid the landlord on the due date though the tenant had not paid. */
export const otrPaid = defineNotice<{ property: string; amountSen: number; date: string }>({
  type: 'protection.otr-paid',
  label: 'services.protection.notice.otrLabel',
  title: 'services.protection.notice.otrTitle',
  body: 'services.protection.notice.otrBody',
  channels: { email: true, sms: true, push: true },
  values: (lang, params) => ({
    property: params.property,
    amount: formatRinggit(params.amountSen),
    date: formatDate(lang, `${params.date}T00:00:00+08:00`),
  }),
});

/** Overstay Cash Defender paid the landlord a month's rent while the tenant overstays without paying. */
export const ocdPaid = defineNotice<{ property: string; amountSen: number; month: number; date: string }>({
  type: 'protection.ocd-paid',
  label: 'services.protection.notice.ocdLabel',
  title: 'services.protection.notice.ocdTitle',
  body: 'services.protection.notice.ocdBody',
  channels: { email: true, sms: true, push: true },
  values: (lang, params) => ({
    property: params.property,
    month: params.month,
    amount: formatRinggit(params.amountSen),
    date: formatDate(lang, `${params.date}T00:00:00+08:00`),
  }),
});

/** Operations decided the landlord's claim, with their note. */
export const claimDecided = defineNotice<{ status: string; property: string; note: string; amountSen: number; payout?: 'PAID' | 'MONTHLY' | 'NONE' }>(
  {
    type: 'protection.claim-decided',
    label: 'services.protection.notice.claimLabel',
    title: 'services.protection.notice.claimTitle',
    body: 'services.protection.notice.claimBody',
    channels: { email: true, sms: true, push: true },
    values: (lang, params) => ({
      property: params.property,
      note: params.note,
      amount: formatRinggit(params.amountSen),
      // Notices stored before `payout` existed said "Paid" for an approval.
      payout: params.payout ?? (params.amountSen > 0 ? 'PAID' : 'NONE'),
      status: translatorFor(lang)('services.protection.claim.status', { status: params.status }),
    }),
  },
);

/** An instalment of the policy's price fell due unpaid: the landlord pays it from the protection page. */
export const instalmentDue = defineNotice<{ property: string; amountSen: number; date: string; reference: string }>({
  type: 'protection.instalment-due',
  label: 'services.protection.notice.dueLabel',
  title: 'services.protection.notice.dueTitle',
  body: 'services.protection.notice.dueBody',
  channels: { email: true, push: true },
  values: (lang, params) => ({
    property: params.property,
    reference: params.reference,
    amount: formatRinggit(params.amountSen),
    date: formatDate(lang, `${params.date}T00:00:00+08:00`),
  }),
});

/** Operations marked an approved OCD claim's overstay ended: no month of rent from that day is paid. */
export const overstayEnded = defineNotice<{ property: string; date: string }>({
  type: 'protection.overstay-ended',
  label: 'services.protection.notice.overstayEndedLabel',
  title: 'services.protection.notice.overstayEndedTitle',
  body: 'services.protection.notice.overstayEndedBody',
  channels: { email: true, push: true },
  values: (lang, params) => ({ property: params.property, date: formatDate(lang, `${params.date}T00:00:00+08:00`) }),
});
