import { BUSINESS } from '@kunci/contracts/business';
import { formatRinggit } from '@kunci/contracts/payments';
import { formatDate } from '@kunci/i18n/format';
import { DEFAULT_LANGUAGE, type Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { defineNotice, type NoticeParams } from '../../lib/notices.ts';

/** Commands that keep the deal's state: their notice says what was done rather than where the deal stands. */
export const STEP_NOTICES: ReadonlySet<string> = new Set(['REQUEST_POSTPONE', 'CONSENT_POSTPONE', 'REFUSE_POSTPONE', 'WITHDRAW_POSTPONE', 'STAMP']);

/**
 * The facts a deal step's notice is written from, stored with the notice: its words are written in the reader's
 * language when it is read or delivered. Amounts in sen, dates as `YYYY-MM-DD`, '' for what does not apply.
 */
export type DealNoticeParams = NoticeParams & {
  listing: string;
  side: 'TENANT' | 'LANDLORD';
  /** The state the deal reached ('' for a step that kept it). */
  state: string;
  /** The step that kept the state (one of STEP_NOTICES; '' for a change of state). */
  command: string;
  reason: string;
  moveInDate: string;
  /** The start the tenant asks to move to. */
  asked: string;
  stampingCostSen: number;
  fee: 'NONE' | 'FORFEIT' | 'REFUND';
  bookingFeeSen: number;
  refundSen: number;
  moveInSen: number;
};

/** The lines of a deal step's notice to one side, in one language. */
export function dealNoticeText(lang: Language, p: DealNoticeParams): string {
  const t = translatorFor(lang);
  const day = (date: string) => (date ? formatDate(lang, `${date}T00:00:00.000Z`) : '');
  const fee = formatRinggit(p.bookingFeeSen);
  const lines: string[] = [];
  if (p.command) {
    lines.push(
      t('deal.notice.step', {
        command: p.command,
        listing: p.listing,
        date: day(p.moveInDate),
        asked: day(p.asked),
        cost: formatRinggit(p.stampingCostSen),
      }),
    );
  } else {
    lines.push(t('deal.notice.body', { state: p.state, side: p.side, listing: p.listing, date: day(p.moveInDate) }));
    if (p.state === 'BOOKED' && p.side === 'TENANT') lines.push(t('deal.notice.documents', { days: BUSINESS.deal.documentsDays }));
    if (p.state === 'SIGNED' && p.side === 'TENANT') {
      lines.push(t('deal.notice.moveIn', { amount: formatRinggit(p.moveInSen), days: BUSINESS.deal.moveInPaymentDays }));
    }
    if (p.reason) lines.push(t('deal.reason', { reason: p.reason }));
  }
  if (p.fee === 'FORFEIT') lines.push(t('deal.notice.forfeit', { fee, side: p.side }));
  if (p.fee === 'REFUND') {
    lines.push(
      p.refundSen < p.bookingFeeSen
        ? t('deal.notice.refundLessStamping', { refund: formatRinggit(p.refundSen), days: BUSINESS.deal.refundBusinessDays, side: p.side })
        : t('deal.notice.refund', { fee, days: BUSINESS.deal.refundBusinessDays, side: p.side }),
    );
  }
  return lines.join('\n');
}

/**
 * A step of a rental deal, told to each party but the one who took it: under the bell, and by SMS, email and push
 * (each step is urgent: it starts or ends a deadline), each channel as the person's settings say.
 */
export const dealUpdate = defineNotice<DealNoticeParams>({
  type: 'deals.update',
  label: 'deal.notice.label',
  title: 'deal.notice.subject',
  body: 'deal.notice.text',
  channels: { sms: true, email: true, push: true },
  values: (lang, params) => {
    // Notices stored before the facts were kept carry their words in each language (`text_en`, `text_ms`, `text_zh`).
    const written = params[`text_${lang}`] ?? params[`text_${DEFAULT_LANGUAGE}`];
    return { listing: params.listing, text: written === undefined ? dealNoticeText(lang, params) : String(written) };
  },
});

/** A booking fee or move-in payment that did not go through, told to the tenant alone (urgent: SMS too). */
export const dealPaymentFailed = defineNotice<{ listing: string; amountSen: number }>({
  type: 'deals.payment-failed',
  label: 'notifications.dealPaymentFailed.label',
  title: 'notifications.dealPaymentFailed.title',
  body: 'deal.notice.paymentFailed',
  channels: { sms: true, email: true, push: true },
  values: (_lang, params) => ({ listing: params.listing, amount: formatRinggit(params.amountSen) }),
});
