import { FPX_BANKS, type Receipt } from '@kunci/contracts/payments';
import { formatDateTime, formatMoneyExact } from '@kunci/i18n/format';
import type { Language } from '@kunci/i18n/locales';
import { translatorFor, type MessageKey } from '@kunci/i18n/messages';

/** What a receipt says, row by row, in its language: the receipt page and the PDF show the same. */

export const money = (lang: Language, sen: number) => formatMoneyExact(lang, sen / 100);

/** An FPX bank's brand name from its code. */
export function bankName(code: string | null): string | null {
  return code ? (FPX_BANKS.find((bank) => bank.code === code)?.name ?? code) : null;
}

const STATUS = {
  SUCCEEDED: 'payments.status.paid',
  PARTIALLY_REFUNDED: 'payments.status.partiallyRefunded',
  REFUNDED: 'payments.status.refunded',
} as const satisfies Partial<Record<Receipt['status'], MessageKey>>;

export function receiptRows(receipt: Receipt): { label: MessageKey; value: string }[] {
  const lang = receipt.language;
  const t = translatorFor(lang);
  const bank = bankName(receipt.bank);
  const method =
    receipt.method === 'fpx'
      ? [t('payments.method.fpx'), bank].filter(Boolean).join(' · ')
      : receipt.cardLast4
        ? t('payments.method.cardEnding', { last4: receipt.cardLast4 })
        : t('payments.method.card');
  const status = receipt.status in STATUS ? t(STATUS[receipt.status as keyof typeof STATUS]) : receipt.status;
  return [
    { label: 'payments.receipt.number', value: receipt.receiptNumber },
    // Malaysia's time, said so: the payer may read it abroad.
    { label: 'payments.receipt.paidOn', value: `${formatDateTime(lang, receipt.paidAt)} (GMT+8)` },
    { label: 'payments.receipt.payer', value: receipt.payerName },
    { label: 'payments.for', value: receipt.description },
    { label: 'payments.receipt.method', value: method },
    { label: 'payments.receipt.status', value: status },
    { label: 'payments.amount', value: money(lang, receipt.amountSen) },
    // After a refund, what was given back and what the payer paid in the end.
    ...(receipt.refundedSen > 0
      ? [
          { label: 'payments.receipt.refunded' as const, value: `-${money(lang, receipt.refundedSen)}` },
          { label: 'payments.receipt.total' as const, value: money(lang, receipt.amountSen - receipt.refundedSen) },
        ]
      : []),
  ];
}
