import { defineNotice } from '../../lib/notices.ts';

/**
 * A chat request has waited for the landlord's reply for BUSINESS.alerts.unansweredReminderHours: urgent, so by SMS
 * (and push where the landlord turned it on in a browser).
 */
export const chatUnanswered = defineNotice<{ tenant: string; listing: string; hours: number }>({
  type: 'chat.unanswered',
  label: 'notifications.unanswered.label',
  title: 'notifications.unanswered.title',
  body: 'notifications.unanswered.body',
  channels: { sms: true, push: true },
});
