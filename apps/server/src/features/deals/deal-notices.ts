import { DEFAULT_LANGUAGE } from '@kunci/i18n/locales';
import { defineNotice, type NoticeParams } from '../../lib/notices.ts';

/**
 * A step of a rental deal, under the bell. Its words are the deal's SMS and email words (deal-jobs.ts writes them,
 * stored with the notice in each language, `text_en`, `text_ms`, `text_zh`), shown in the language it is read in.
 * In-app only: the deal's SMS and email go out for every step whatever the settings say (each step is urgent).
 */
export const dealUpdate = defineNotice<NoticeParams>({
  type: 'deals.update',
  label: 'deal.notice.label',
  title: 'deal.notice.subject',
  body: 'deal.notice.text',
  channels: {},
  values: (lang, params) => ({ listing: params['listing'] ?? '', text: params[`text_${lang}`] ?? params[`text_${DEFAULT_LANGUAGE}`] ?? '' }),
});
