import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { BUSINESS } from '@kunci/contracts/business';
import { ErrorCode } from '@kunci/contracts/errors';
import type { Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { AppError } from '../../lib/app-error.ts';
import type { Messenger } from '../../plugins/messaging.ts';
import type { StaffRepository } from './staff.repository.ts';

/**
 * Staff confirm it is still them with a PIN sent by SMS to their phone; the confirmation lasts
 * BUSINESS.staff.reconfirmMinutes for that session (lib/staff.ts `requireRole(..., { confirmed: true })` checks it).
 */
export function createStaffService(deps: { repository: StaffRepository; messenger: Messenger; secret: string }) {
  const { repository, messenger, secret } = deps;
  const hashOf = (sessionId: number, pin: string) => createHmac('sha256', secret).update(`staff:${sessionId}:${pin}`).digest('hex');

  return {
    confirmedAt: (sessionId: number) => repository.confirmedAt(sessionId),

    async sendPin(session: { id: number; user: { phoneNumber: string } }, lang: Language): Promise<{ phoneNo: string }> {
      const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repository.replacePin(session.id, hashOf(session.id, pin), BUSINESS.staff.pinTtlMinutes);
      await messenger.sms(session.user.phoneNumber, translatorFor(lang)('admin.sms.pin', { pin, minutes: BUSINESS.staff.pinTtlMinutes }));
      return { phoneNo: session.user.phoneNumber };
    },

    async confirm(sessionId: number, pin: string): Promise<{ confirmedAt: Date }> {
      const live = await repository.livePin(sessionId);
      const given = Buffer.from(hashOf(sessionId, pin));
      if (!live || !timingSafeEqual(Buffer.from(live.pinHash), given)) {
        if (live) await repository.failedTry(live.id, live.attempts + 1 >= BUSINESS.staff.pinAttempts);
        throw new AppError(ErrorCode.WRONG_PIN, { sessionId });
      }
      await repository.consumePin(live.id);
      return { confirmedAt: await repository.confirm(sessionId) };
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
