import { formatDate, formatDateTime, formatMoney } from '@kunci/i18n/format';
import { translatorFor } from '@kunci/i18n/messages';
import { defineNotice } from '../../lib/notices.ts';

/**
 * The chat's notices (docs/decisions/0012-notification-centre.md), sent by the chat notices job (chat-jobs.ts) to
 * people who are not on the site. A chat request, an invitation and viewing news are urgent: SMS, email and push.
 * Ordinary messages, grouped once the writer goes quiet, by email and push (SMS only for those who switch it on).
 */

/**
 * A tenant asked to rent the landlord's listing (with their move-in date and budget), and how many messages they
 * wrote with it (told here rather than in a second notice; absent on requests stored before it was).
 */
export const chatRequest = defineNotice<{ from: string; listing: string; moveInDate: string; budget: number; messages?: number }>({
  type: 'chat.request',
  label: 'notifications.chatRequest.label',
  title: 'notice.chatRequestSubject',
  body: 'notifications.chatRequest.body',
  channels: { sms: true, email: true, push: true },
  values: (lang, p) => ({
    from: p.from,
    listing: p.listing,
    date: formatDate(lang, `${p.moveInDate}T00:00:00.000Z`),
    budget: formatMoney(lang, p.budget),
    count: p.messages ?? 0,
  }),
});

/** A landlord invited a tenant to chat (or a tenant's request carried no needs). */
export const chatInvite = defineNotice<{ from: string; listing: string }>({
  type: 'chat.invite',
  label: 'notifications.chatInvite.label',
  title: 'notifications.chatInvite.title',
  body: 'notice.invite',
  channels: { sms: true, email: true, push: true },
});

/** Messages written while the reader was away, one notice per group. */
export const chatMessages = defineNotice<{ from: string; listing: string; count: number }>({
  type: 'chat.messages',
  label: 'notifications.messages.label',
  title: 'chat.away.subject',
  body: 'notifications.messages.body',
  channels: { email: true, push: true, sms: false },
});

export const VIEWING_EVENTS = ['VIEWING_BOOKED', 'VIEWING_RESCHEDULED', 'VIEWING_CANCELLED', 'VIEWING_ACCEPTED', 'VIEWING_DECLINED'] as const;
export type ViewingEvent = (typeof VIEWING_EVENTS)[number];
const VIEWING_TEXT = {
  VIEWING_BOOKED: 'notice.viewingBooked',
  VIEWING_RESCHEDULED: 'notice.viewingRescheduled',
  VIEWING_CANCELLED: 'notice.viewingCancelled',
  VIEWING_ACCEPTED: 'notice.viewingAccepted',
  VIEWING_DECLINED: 'notice.viewingDeclined',
} as const;

/**
 * A viewing booked, moved, cancelled (told to the landlord), accepted or declined (told to the tenant), and how many
 * messages the other side wrote in the same group (told here rather than in a second notice; absent on notices
 * stored before it was).
 */
export const viewingUpdate = defineNotice<{
  from: string;
  listing: string;
  event: ViewingEvent;
  startsAt: string;
  group: string;
  messages?: number;
}>({
  type: 'chat.viewing',
  label: 'notifications.viewing.label',
  title: 'notice.viewingSubject',
  body: 'notifications.viewing.body',
  channels: { sms: true, email: true, push: true },
  values: (lang, p) => ({
    listing: p.listing,
    text: translatorFor(lang)(VIEWING_TEXT[p.event] ?? VIEWING_TEXT.VIEWING_BOOKED, {
      from: p.from,
      listing: p.listing,
      group: p.group,
      time: formatDateTime(lang, p.startsAt),
    }),
    count: p.messages ?? 0,
  }),
});

/** A viewing tomorrow, to both sides. */
export const viewingReminder = defineNotice<{ listing: string; startsAt: string }>({
  type: 'chat.viewing-reminder',
  label: 'notifications.viewingReminder.label',
  title: 'viewing.reminder.subject',
  body: 'notifications.viewingReminder.body',
  channels: { sms: true, email: true, push: true },
  values: (lang, p) => ({ listing: p.listing, time: formatDateTime(lang, p.startsAt) }),
});
