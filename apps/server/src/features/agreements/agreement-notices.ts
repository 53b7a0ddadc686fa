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

/**
 * Both parties signed: each is told, with the signed PDF's fingerprint (SHA-256) to check a copy against, linking
 * to the deal. SMS too, as signing always was (the move-in payment's deadline starts from here).
 */
export const agreementSigned = defineNotice<{ listing: string; sha: string }>({
  type: 'agreements.signed',
  label: 'agreements.notice.signedLabel',
  title: 'agreements.notice.signedTitle',
  body: 'agreements.notice.signedBody',
  channels: { sms: true, email: true, push: true },
});
