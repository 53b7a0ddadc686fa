import { defineArea } from './define.ts';

/** Strings of the admin area (keys start with 'admin.'; the back office's own API error is 'errors.11470'). */
export const admin = defineArea({
  en: {
    'errors.11470': 'Confirm it is you with a PIN before doing this.',
    'admin.notice.outcome.subject': 'Your report has been reviewed',
    'admin.notice.outcome.DISMISSED':
      'Thank you for your report about {subject}. We looked into it and found no breach of our rules, so no action was taken.',
    'admin.notice.outcome.WARNED': 'Thank you for your report about {subject}. We have warned the person concerned.',
    'admin.notice.outcome.LISTING_SUSPENDED': 'Thank you for your report about {subject}. The listing has been suspended.',
    'admin.notice.outcome.USER_BANNED': 'Thank you for your report about {subject}. The account behind it has been banned.',
    'admin.notice.warning.subject': 'A warning from Kunci',
    'admin.notice.warning.body':
      'Kunci warning: {reason} Please follow our rules (no deposits, no discrimination, true information), or your account may be banned.',
    'admin.sms.pin': 'Kunci staff: your confirmation PIN is {pin}. It works for {minutes} minutes. Never share it.',
  },
  ms: {
    'errors.11470': 'Sahkan identiti anda dengan PIN sebelum meneruskan tindakan ini.',
    'admin.notice.outcome.subject': 'Laporan anda telah disemak',
    'admin.notice.outcome.DISMISSED':
      'Terima kasih atas laporan anda tentang {subject}. Kami telah menyiasat dan tidak mendapati sebarang pelanggaran peraturan, jadi tiada tindakan diambil.',
    'admin.notice.outcome.WARNED': 'Terima kasih atas laporan anda tentang {subject}. Kami telah memberi amaran kepada pihak berkenaan.',
    'admin.notice.outcome.LISTING_SUSPENDED': 'Terima kasih atas laporan anda tentang {subject}. Iklan tersebut telah digantung.',
    'admin.notice.outcome.USER_BANNED': 'Terima kasih atas laporan anda tentang {subject}. Akaun yang berkenaan telah disekat.',
    'admin.notice.warning.subject': 'Amaran daripada Kunci',
    'admin.notice.warning.body':
      'Amaran Kunci: {reason} Sila patuhi peraturan kami (tiada deposit, tiada diskriminasi, maklumat yang benar), atau akaun anda mungkin disekat.',
    'admin.sms.pin': 'Kakitangan Kunci: PIN pengesahan anda ialah {pin}. Sah selama {minutes} minit. Jangan kongsi dengan sesiapa.',
  },
  zh: {
    'errors.11470': '执行此操作前，请先用 PIN 码确认您的身份。',
    'admin.notice.outcome.subject': '您的举报已处理',
    'admin.notice.outcome.DISMISSED': '感谢您举报「{subject}」。我们已调查，未发现违反规定的情况，因此不作处理。',
    'admin.notice.outcome.WARNED': '感谢您举报「{subject}」。我们已向相关人士发出警告。',
    'admin.notice.outcome.LISTING_SUSPENDED': '感谢您举报「{subject}」。该房源已被暂停。',
    'admin.notice.outcome.USER_BANNED': '感谢您举报「{subject}」。相关账户已被封禁。',
    'admin.notice.warning.subject': 'Kunci 警告',
    'admin.notice.warning.body': 'Kunci 警告：{reason} 请遵守我们的规定（不收押金、不歧视、信息真实），否则您的账户可能会被封禁。',
    'admin.sms.pin': 'Kunci 员工：您的确认 PIN 码是 {pin}，{minutes} 分钟内有效。切勿告诉任何人。',
  },
});
