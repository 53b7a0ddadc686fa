import { BUSINESS } from '@kunci/contracts/business';
import { ErrorCode } from '@kunci/contracts/errors';
import type { Attribution, TrackResult } from '@kunci/contracts/growth';
import { AppError } from '../../lib/app-error.ts';
import type { CounterStore } from '../../plugins/counters.ts';
import type { AttributionRepository } from './attribution.repository.ts';

const rules = BUSINESS.growth.attribution;
const HOUR = 3_600_000;

/**
 * Attribution (spec sections 3 and 7): the web app sends the tracking params a visitor arrived with (kept in cookies
 * for their lifetimes) when they sign in or land again signed in. Every call is a touch; a new account's first call
 * stores its sign-up attribution; a job stores the first deal's from the latest touch before it.
 */
export function createAttributionService(repository: AttributionRepository, counters: CounterStore, clock: () => Date = () => new Date()) {
  return {
    async track(callerId: string, body: { attr: Attribution; id: string }): Promise<TrackResult> {
      // The id names the account the params are for: only its own holder may attribute it.
      if (body.id !== callerId) throw new AppError(ErrorCode.FORBIDDEN, { userId: callerId, target: body.id });
      if ((await counters.hit(`track:${callerId}`, HOUR)) > rules.trackPerHour)
        throw new AppError(ErrorCode.RATE_LIMITED, { cap: 'tracking per hour', retryAfterMs: await counters.ttl(`track:${callerId}`) });
      const createdAt = await repository.userCreatedAt(callerId);
      const isNew = createdAt !== undefined && clock().getTime() - createdAt.getTime() <= rules.signUpWindowHours * HOUR;
      const signUp = await repository.track(callerId, body.attr, isNew);
      return { touch: true, signUp };
    },

    /** Stores the first deal's attribution of users whose first deal has none yet (the recurring job). */
    recordFirstDeals: (userId?: string) => repository.recordFirstDeals(Math.max(rules.clickIdDays, rules.campaignDays), userId),
  };
}
export type AttributionService = ReturnType<typeof createAttributionService>;
