import { INT4_MAX } from '@kunci/contracts/ids';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@kunci/contracts/errors';
import type { Testimonial } from '@kunci/contracts/growth';
import type { Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { href } from '@kunci/i18n/paths';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Messenger } from '../../plugins/messaging.ts';
import type { Staff } from './promotions.repository.ts';
import type { ReachRepository } from './reach.repository.ts';

/** A second request for the same address within this long sends no second email. */
const RESEND_SECONDS = 600;
type Purpose = 'confirm' | 'unsubscribe';

const firstName = (name: string) => (name && name !== 'guest' ? name.trim().split(/\s+/)[0]! : '');

/**
 * Feedback (testimonials once staff approve them) and the newsletter with double opt-in: a sign-up is emailed a
 * signed confirmation link; only a confirmed address gets newsletters; every email carries a signed unsubscribe link.
 */
export function createReachService({
  repository,
  messenger,
  secret,
  publicUrl,
}: {
  repository: ReachRepository;
  messenger: Messenger;
  secret: string;
  publicUrl: string;
}) {
  const sign = (purpose: Purpose, id: number, email: string) =>
    createHmac('sha256', secret).update(`newsletter:${purpose}:${id}:${email}`).digest('base64url').slice(0, 32);
  const token = (purpose: Purpose, id: number, email: string) => `${id}.${sign(purpose, id, email)}`;

  /** The subscription a signed token names, or 404 (a forged or mistyped link). */
  async function verified(purpose: Purpose, value: string) {
    const [idText, mac] = value.split('.');
    const id = Number(idText);
    // A token naming no possible row (past int4) is as unknown as a forged one: never a database error.
    if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) throw notFound({ purpose });
    const row = await repository.subscription(id);
    const expected = row ? Buffer.from(sign(purpose, row.id, row.email)) : undefined;
    if (!row || !expected || !mac || expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) throw notFound({ purpose });
    return row;
  }

  const toTestimonial = (r: {
    id: number;
    role: 'TENANT' | 'LANDLORD';
    rating: number;
    message: string;
    name: string;
    language: string;
    createdAt: Date;
  }): Testimonial => ({
    id: r.id,
    role: r.role,
    rating: r.rating,
    message: r.message,
    name: firstName(r.name),
    language: r.language,
    createdAt: r.createdAt.toISOString(),
  });

  return {
    async feedback(userId: string, body: { role: 'TENANT' | 'LANDLORD'; rating: number; message: string }, lang: Language) {
      const { id } = await repository.addFeedback({ userId, ...body, language: lang });
      return { id, status: 'PENDING' as const, message: translatorFor(lang)('growth.feedback.thanks') };
    },

    async testimonials(role: 'TENANT' | 'LANDLORD' | undefined, limit: number, lang: Language) {
      return { content: (await repository.testimonials(role, lang, limit)).map(toTestimonial) };
    },

    async queue() {
      return { content: (await repository.pendingFeedback()).map((r) => ({ ...toTestimonial(r), status: r.status })) };
    },

    async decide(id: number, decision: 'approve' | 'reject', staff: Staff) {
      if (!(await repository.decide(id, decision === 'approve' ? 'APPROVED' : 'REJECTED', staff))) throw notFound({ feedbackId: id });
    },

    /** A sign-up: the confirmation goes out (once in a while per address); the answer never says who is on the list. */
    async signUp(email: string, lang: Language) {
      const address = email.trim().toLowerCase();
      const t = translatorFor(lang);
      const row = await repository.signUp(address, lang, RESEND_SECONDS);
      if (row && row.status === 'PENDING') {
        const confirm = `${publicUrl}${href(lang, 'newsletter', undefined, { confirm: token('confirm', row.id, row.email) })}`;
        const unsubscribe = `${publicUrl}${href(lang, 'newsletter', undefined, { unsubscribe: token('unsubscribe', row.id, row.email) })}`;
        await messenger.email(row.email, t('growth.newsletter.emailSubject'), t('growth.newsletter.emailBody', { confirm, unsubscribe }), {
          headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
        });
      }
      return { status: 'CHECK_EMAIL' as const, message: t('growth.newsletter.checkEmail') };
    },

    async confirm(value: string) {
      const row = await verified('confirm', value);
      const confirmed = await repository.confirm(row.id);
      // A link followed after unsubscribing does not subscribe again: that takes a new sign-up.
      if (!confirmed) throw new AppError(ErrorCode.GONE, { subscriptionId: row.id });
      return { status: 'CONFIRMED' as const, email: confirmed.email };
    },

    async unsubscribe(value: string) {
      const row = await verified('unsubscribe', value);
      const gone = await repository.unsubscribe(row.id);
      return { status: 'UNSUBSCRIBED' as const, email: gone!.email };
    },

    /** The unsubscribe link for a confirmed subscriber, for newsletters sent to them. */
    unsubscribeLink: (id: number, email: string, lang: Language) =>
      `${publicUrl}${href(lang, 'newsletter', undefined, { unsubscribe: token('unsubscribe', id, email) })}`,
  };
}
export type ReachService = ReturnType<typeof createReachService>;
