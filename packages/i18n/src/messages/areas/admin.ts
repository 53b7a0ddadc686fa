import { defineArea } from './define.ts';

/** Strings of the admin area (keys start with 'admin.'; the back office's own API error is 'errors.11470'). */
export const admin = defineArea({
  en: {
    'errors.11470': 'Confirm it is you with a PIN before doing this.',
    'admin.sms.pin': 'Kunci staff: your confirmation PIN is {pin}. It works for {minutes} minutes. Never share it.',
  },
  ms: {
    'errors.11470': 'Sahkan identiti anda dengan PIN sebelum meneruskan tindakan ini.',
    'admin.sms.pin': 'Kakitangan Kunci: PIN pengesahan anda ialah {pin}. Sah selama {minutes} minit. Jangan kongsi dengan sesiapa.',
  },
  zh: {
    'errors.11470': '执行此操作前，请先用 PIN 码确认您的身份。',
    'admin.sms.pin': 'Kunci 员工：您的确认 PIN 码是 {pin}，{minutes} 分钟内有效。切勿告诉任何人。',
  },
});
