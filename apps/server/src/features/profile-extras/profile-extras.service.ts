import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@kunci/contracts/errors';
import {
  PSYCHOMETRIC_QUESTIONS,
  type PSYCHOMETRIC_RESULTS,
  type PsychometricQuestion,
  type PsychometricState,
} from '@kunci/contracts/profile-extras';
import { fromStoredLanguage } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../plugins/counters.ts';
import type { Messenger } from '../../plugins/messaging.ts';
import type { ProfileExtrasRepository } from './profile-extras.repository.ts';

const CODE_TTL_SECONDS = 600;
const MAX_CODE_ATTEMPTS = 5;
const RESEND_MS = 60_000;
/** Personal mailbox providers: a work email must be a company's own domain. */
const PERSONAL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.com.my',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'qq.com',
  '163.com',
  '126.com',
]);

type Result = (typeof PSYCHOMETRIC_RESULTS)[number];

/** Scores the answers: noise and guests say how social a household the person wants. */
export function psychometricResult(answers: Record<PsychometricQuestion, string>): Result {
  const social = ['quiet', 'moderate', 'lively'].indexOf(answers.noise) + ['rarely', 'sometimes', 'often'].indexOf(answers.guests);
  if (social <= 1) return 'QUIET_HOMEBODY';
  if (social >= 3) return 'SOCIAL_HOUSEMATE';
  return 'BALANCED_HOUSEMATE';
}

export function createProfileExtrasService(deps: {
  repository: ProfileExtrasRepository;
  messenger: Messenger;
  counters: CounterStore;
  secret: string;
}) {
  const { repository, messenger, counters, secret } = deps;
  const codeHash = (userId: string, email: string, code: string) => createHmac('sha256', secret).update(`email:${userId}:${email}:${code}`).digest();
  const user = async (id: string) => {
    const row = await repository.findUser(id);
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, { userId: id });
    return row;
  };

  return {
    async requestWorkEmailCode(userId: string, emailInput: string) {
      const email = emailInput.trim().toLowerCase();
      const domain = email.split('@')[1] ?? '';
      if (PERSONAL_DOMAINS.has(domain))
        throw new AppError(ErrorCode.WORK_EMAIL_REQUIRED, undefined, [{ path: 'body.email', message: 'field.companyEmail' }]);
      if ((await counters.hit(`email:cool:${userId}`, RESEND_MS)) > 1)
        throw new AppError(ErrorCode.RATE_LIMITED, { retryAfterMs: await counters.ttl(`email:cool:${userId}`) });
      const owner = await user(userId);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repository.replaceEmailCode(userId, email, codeHash(userId, email, code).toString('hex'), CODE_TTL_SECONDS);
      const t = translatorFor(fromStoredLanguage(owner.language));
      await messenger.email(email, t('email.workOtp.subject'), t('email.workOtp.body', { email, code, minutes: CODE_TTL_SECONDS / 60 }));
      return { email, verified: false };
    },

    async verifyWorkEmail(userId: string, emailInput: string, code: string) {
      const email = emailInput.trim().toLowerCase();
      const active = await repository.activeEmailCode(userId, email);
      if (!active || active.attempts >= MAX_CODE_ATTEMPTS) throw new AppError(ErrorCode.CODE_INVALID);
      const expected = Buffer.from(active.codeHash, 'hex');
      const given = codeHash(userId, email, code);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        await repository.countAttempt(active.id);
        throw new AppError(ErrorCode.CODE_INVALID);
      }
      if (!(await repository.verifyEmail(active.id, userId, email))) throw new AppError(ErrorCode.CODE_INVALID);
      return { email, verified: true };
    },

    async psychometric(userId: string): Promise<PsychometricState> {
      await user(userId);
      const saved = await repository.findPsychometric(userId);
      return {
        questions: Object.entries(PSYCHOMETRIC_QUESTIONS).map(([id, options]) => ({ id, options: [...options] })),
        answers: saved?.answers ?? null,
        result: (saved?.result as Result | undefined) ?? null,
      };
    },

    async savePsychometric(userId: string, answers: Record<PsychometricQuestion, string>): Promise<PsychometricState> {
      await user(userId);
      await repository.savePsychometric(userId, answers, psychometricResult(answers));
      return this.psychometric(userId);
    },
  };
}
export type ProfileExtrasService = ReturnType<typeof createProfileExtrasService>;
