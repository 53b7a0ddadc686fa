import type { RentalReportRow } from '@kunci/contracts/rental-collection';
import type { Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';

const ringgit = (sen: number | null) => (sen === null ? '' : (sen / 100).toFixed(2));

/** A cell as CSV: quoted when it holds a comma, quote or line break; a leading formula sign is defused. */
function cell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report rows as CSV with headings in the caller's language (amounts in ringgit with two decimals). */
export function reportCsv(rows: RentalReportRow[], lang: Language): string {
  const t = translatorFor(lang);
  const header = [
    t('services.collection.csv.property'),
    t('services.collection.csv.tenant'),
    t('services.collection.csv.month'),
    t('services.collection.csv.due'),
    t('services.collection.csv.amount'),
    t('services.collection.csv.status'),
    t('services.collection.csv.paidAt'),
    t('services.collection.csv.method'),
    t('services.collection.csv.fee'),
    t('services.collection.csv.net'),
    t('services.collection.csv.payoutDate'),
    t('services.collection.csv.payoutStatus'),
  ];
  const lines = rows.map((row) =>
    [
      row.propertyName,
      row.tenantName,
      row.number,
      row.dueDate,
      ringgit(row.amountSen),
      t(`services.collection.status.${row.status}`),
      row.paidAt ?? '',
      row.method ?? '',
      ringgit(row.feeSen),
      ringgit(row.netSen),
      row.payoutDate ?? '',
      row.payoutStatus ? t(`services.collection.payout.${row.payoutStatus}`) : '',
    ]
      .map(cell)
      .join(','),
  );
  // A byte-order mark so spreadsheet programs read the Malay and Chinese headings as UTF-8.
  return `\uFEFF${[header.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
}
