import { defineNotice } from '../../lib/notices.ts';

/**
 * Someone invited this person's phone number to agree a tenancy found elsewhere (decision 14): told at once, SMS
 * too (an invitation lapses), with who invited them and the home, linking to the invitation on their side's page.
 */
export const agreementInvited = defineNotice<{ inviter: string; listing: string; role: string }>({
  type: 'agreements.invited',
  label: 'agreements.notice.invitedLabel',
  title: 'agreements.notice.invitedTitle',
  body: 'agreements.notice.invitedBody',
  channels: { sms: true, email: true, push: true },
});
