import { formatMoney } from '@kunci/i18n/format';
import { translatorFor } from '@kunci/i18n/messages';
import { defineNotice } from '../../lib/notices.ts';

/**
 * Staff refused one of the tenant's screening documents: told at once (SMS too, the documents deadline runs), with
 * the kind of document and the reason, in the reader's language, linking to the deal where the file is replaced.
 */
export const documentRefused = defineNotice<{ kind: string; reason: string }>({
  type: 'screening.document-refused',
  label: 'screening.notice.refusedLabel',
  title: 'screening.notice.refusedTitle',
  body: 'screening.notice.refusedBody',
  channels: { email: true, sms: true, push: true },
  values: (lang, params) => ({ kind: translatorFor(lang)('screening.kind', { kind: params.kind }), reason: params.reason }),
});

/**
 * Staff decided the tenant's zero-deposit justification: accepted (the deal goes on, or the tenant may book again)
 * or refused, with the staff member's note, in the reader's language, linking to the deal.
 */
export const justificationDecided = defineNotice<{ decision: string; reason: string }>({
  type: 'screening.justification-decided',
  label: 'screening.notice.justificationLabel',
  title: 'screening.notice.justificationTitle',
  body: 'screening.notice.justificationBody',
  channels: { email: true, push: true },
});

/**
 * Staff decided the landlord's market-price justification (a rent above comparable rents): accepted (tenants see it on
 * the listing) or refused (no longer shown), with the staff member's note, in the reader's language, linking to the
 * listing.
 */
export const marketPriceDecided = defineNotice<{ decision: string; listing: string; rent: number; reason: string }>({
  type: 'screening.market-price-decided',
  label: 'screening.notice.marketLabel',
  title: 'screening.notice.marketTitle',
  body: 'screening.notice.marketBody',
  channels: { email: true, push: true },
  values: (lang, params) => ({ ...params, rent: formatMoney(lang, params.rent) }),
});
