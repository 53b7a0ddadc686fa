import type { FastifyBaseLogger } from 'fastify';
import { BUSINESS } from '@kunci/contracts/business';
import type { LandlordResponse } from '@kunci/contracts/notifications';
import type { NoticeSender } from '../../lib/notices.ts';
import { chatUnanswered } from './landlord-notices.ts';
import type { LandlordResponseRepository } from './landlord-response.repository.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const REMINDERS_PER_RUN = 500;

/** A chat request opened by then is due an answer: it has waited BUSINESS.alerts.unansweredReminderHours. */
const dueBefore = (now: number) => new Date(now - BUSINESS.alerts.unansweredReminderHours * HOUR_MS);

/**
 * Landlords who answer: each landlord's response rate and typical (median) time to a first reply over the window,
 * and a reminder to landlords whose tenant has waited BUSINESS.alerts.unansweredReminderHours for a reply.
 */
export function createLandlordResponseService({
  repository,
  notices,
  log,
  clock = () => new Date(),
}: {
  repository: LandlordResponseRepository;
  notices: NoticeSender;
  log: FastifyBaseLogger;
  clock?: () => Date;
}) {
  return {
    /**
     * The rate is over the requests due an answer: those answered, and those that have waited the reminder's hours
     * (a landlord is not at 0% minutes after a first request). Null while there is none.
     */
    async figures(landlordId: string): Promise<LandlordResponse> {
      const now = clock().getTime();
      const row = await repository.figures(landlordId, new Date(now - BUSINESS.alerts.responseWindowDays * DAY_MS), dueBefore(now));
      return {
        requests: row.requests,
        answered: row.answered,
        rate: row.due ? Math.round((row.answered / row.due) * 100) : null,
        typicalMinutes: row.median_seconds === null ? null : Math.max(1, Math.round(row.median_seconds / 60)),
        windowDays: BUSINESS.alerts.responseWindowDays,
      };
    },

    /** Reminds each landlord once per chat request still unanswered after the reminder's hours (SMS, push). */
    async remindUnanswered(): Promise<{ reminded: number }> {
      const now = clock();
      const hours = BUSINESS.alerts.unansweredReminderHours;
      const waiting = await repository.unanswered(
        new Date(now.getTime() - hours * HOUR_MS),
        new Date(now.getTime() - BUSINESS.alerts.responseWindowDays * DAY_MS),
        REMINDERS_PER_RUN,
      );
      let reminded = 0;
      for (const request of waiting) {
        const waited = Math.floor((now.getTime() - new Date(request.created_at).getTime()) / HOUR_MS);
        const sent = await notices.send({
          type: chatUnanswered,
          recipientId: request.landlord_id,
          link: { route: 'chat', query: { chatId: request.id } },
          params: { tenant: request.tenant, listing: request.listing, hours: waited },
          // Once per chat request, ever.
          key: `chat-unanswered:${request.id}`,
        });
        if (sent) reminded += 1;
      }
      if (reminded) log.info({ reminded }, 'unanswered chat requests reminded');
      return { reminded };
    },

    /**
     * Ranks the listings of landlords who never answer (BUSINESS.alerts.neverAnswersMinRequests chat requests or more
     * in the response window that have waited the reminder's hours, none answered) after the others in search relevance, and lifts those of landlords who
     * answered since. Returns how many listings changed rank.
     */
    async rankSilentLandlords(): Promise<{ lowered: number; lifted: number }> {
      const now = clock().getTime();
      const since = new Date(now - BUSINESS.alerts.responseWindowDays * DAY_MS);
      const changed = await repository.markSilentOwners(since, dueBefore(now), BUSINESS.alerts.neverAnswersMinRequests);
      if (changed.lowered || changed.lifted) log.info(changed, 'listings of landlords who never answer re-ranked');
      return changed;
    },
  };
}

export type LandlordResponseService = ReturnType<typeof createLandlordResponseService>;
