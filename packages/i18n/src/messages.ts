import type { Language } from './locales.ts';
import { en, type MessageKey, type Messages } from './messages/en.ts';
import { ms } from './messages/ms.ts';
import { zh } from './messages/zh.ts';

import { createTranslator, type Translate } from './translate.ts';

export type { MessageKey, Messages };
export { createTranslator, type Translate };

/** All catalogues. The server picks one; the browser receives only the active language's. */
export const CATALOGUES: Record<Language, Messages> = { en, ms, zh };

/** Strings that are the same in every language on purpose (names, symbols). */
export const SAME_IN_EVERY_LANGUAGE: ReadonlySet<MessageKey> = new Set([
  'app.name',
  'chat.video',
  'listing.price',
  'view.grid',
  'details.title',
  'profile.facebook.title',
  'post.upload.failed',
  'facility.SURAU',
  // 'Status' is the Malay word too.
  'payments.receipt.status',
  // Malay uses the English words (a studio flat, SMS) and the same 'name, role' byline.
  'growth.price.studio',
  'growth.testimonials.by',
  'notifications.settings.sms',
  'notifications.unsubscribe.channel.sms',
  // The words of a deal's in-app notice are written by the deal, in each language (features/deals/deal-notices.ts).
  'deal.notice.text',
  // Notices whose words are the feature's own reviewed messages, written in the reader's language when delivered
  // (features/chat/chat-notices.ts, services/collection/collection-notices.ts, admin/admin-notices.ts).
  'notifications.text',
  'notifications.subject',
] satisfies MessageKey[]);

const serverTranslators = new Map<Language, Translate>();
/** For server code that holds every catalogue (API error messages, emails). */
export function translatorFor(lang: Language): Translate {
  let t = serverTranslators.get(lang);
  if (!t) {
    t = createTranslator(lang, CATALOGUES[lang]);
    serverTranslators.set(lang, t);
  }
  return t;
}
