import type { FastifyBaseLogger } from 'fastify';
import { BUSINESS } from '@kunci/contracts/business';
import { DEFAULT_CITY_SLUG, IMAGE_WIDTHS } from '@kunci/contracts/constants';
import { ErrorCode } from '@kunci/contracts/errors';
import { LANDMARK_RADIUS_KM, type SearchQuery } from '@kunci/contracts/listings';
import type { ListingType } from '@kunci/contracts/reference';
import type { SavedSearch, SavedSearchFrequency, SavedSearchList } from '@kunci/contracts/saved-searches';
import { formatMoney } from '@kunci/i18n/format';
import { fromStoredLanguage, LANGUAGES, type Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import { resultsTitle } from '@kunci/i18n/results-title';
import { AppError, notFound } from '../../lib/app-error.ts';
import { defineJob, type JobQueue } from '../../lib/jobs/jobs.service.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import { linkPath, type NoticeRoute, type NoticeSender } from '../../lib/notices.ts';
import { savedSearchDigest, savedSearchMatch } from './saved-search-notices.ts';
import type {
  ListedSavedSearch,
  SavedSearchesRepository,
  SavedSearchQueries,
  SavedSearchRow,
  SavedSearchValues,
} from './saved-searches.repository.ts';
import { containing } from '../../lib/like.ts';

const RENT_TYPES: ListingType[] = ['HIGHRISE', 'LANDED', 'ROOM'];
const SALE_TYPES: ListingType[] = ['HIGHRISE_SALE', 'LANDED_SALE'];
type StoredQuery = Record<string, string | number | boolean>;

/** An approved listing is matched against the saved searches by this job (queued as the approval is made). */
const matchListing = defineJob<{ propertyId: number }>('saved-searches.match', { maxAttempts: 6 });
/** How many times a listing still under review is looked at again (its approval had not committed yet). */
const PENDING_RETRIES = 3;
/** How long a listing's matching waits for its approval to be told committed (`approved`) before it runs anyway. */
const APPROVAL_GRACE_MS = 60_000;
const matchKey = (propertyId: number) => `saved-searches.match:${propertyId}`;
/** The instant notice of a listing to one person (one however many of their searches it matches). */
export const matchNoticeKey = (userId: string, propertyId: number) => `saved-searches:listing:${propertyId}:user:${userId}`;
const DIGESTS_PER_RUN = 200;
/** How often due digests are looked for (at most): a daily digest goes out within this of its time. */
export const DIGEST_INTERVAL_SECONDS = 600;

/** The search as it is kept to show and link back: the filters given, without defaults, paging or sort. */
function storedQuery(query: SearchQuery): StoredQuery {
  const stored: StoredQuery = {};
  const put = (key: string, value: string | number | boolean | readonly string[] | undefined) => {
    if (value === undefined) return;
    stored[key] = Array.isArray(value) ? value.join(',') : (value as string | number | boolean);
  };
  put('purpose', query.purpose);
  put('loc', query.loc);
  put('propertyType', query.propertyType);
  put('q', query.q);
  if (query.q || query.lm) put('category', query.category);
  put('lm', query.lm);
  put('minPrice', query.minPrice);
  put('maxPrice', query.maxPrice);
  put('bedrooms', query.bedrooms);
  put('bathrooms', query.bathrooms);
  put('parking', query.parking);
  put('furnishType', query.furnishType);
  put('petFriendly', query.petFriendly);
  put('roomType', query.roomType);
  put('zeroDeposit', query.zeroDeposit);
  // On or not asked, as the results page has them ("false" filters nothing there either).
  if (query.specialOffer) put('specialOffer', true);
  if (query.instantView) put('instantView', true);
  return stored;
}

/** The results page of a saved search (rent: area and a single type in the path; sale: /buy). */
export function resultsRoute(query: StoredQuery): NoticeRoute {
  const { purpose, loc, propertyType, ...filters } = query;
  const single = typeof propertyType === 'string' && !propertyType.includes(',') ? propertyType : undefined;
  if (purpose === 'sale') return { route: 'buy', query: { ...filters, ...(propertyType ? { propertyType } : {}) } };
  return { route: 'rent', params: { loc: String(loc ?? DEFAULT_CITY_SLUG), ...(single ? { propertyType: single } : {}) }, query: filters };
}

/** The name "Save this search" offers for a query: its results page's title in `lang`; none for a rent search without an area. */
function automaticName({ search, area, type }: ListedSavedSearch, lang: Language): string | undefined {
  const purpose = search.query.purpose === 'sale' ? 'sale' : 'rent';
  if (purpose === 'rent' && !area) return undefined;
  return resultsTitle(translatorFor(lang), { purpose, area: area?.[lang], type: type?.[lang] });
}

/**
 * The name to show in `lang`. A name the person left as offered (the results page's title, in the language of the page
 * it was saved on) is shown in `lang`; a name they typed stays as typed. The two are told apart by comparing the name
 * with that title in each language, so nothing more is stored: a title whose words changed since it was saved (in
 * the catalogues, or an area renamed) is no longer recognised and shows as it was saved.
 */
function shownName(listed: ListedSavedSearch, lang: Language): string {
  const automatic = LANGUAGES.some((each) => automaticName(listed, each) === listed.search.name);
  return automatic ? automaticName(listed, lang)! : listed.search.name;
}

export interface SavedSearchesDependencies {
  repository: SavedSearchesRepository;
  notifications: NoticeSender;
  jobs: JobQueue;
  publicUrl: string;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

export function createSavedSearchesService({ repository, notifications, jobs, publicUrl, log, clock = () => new Date() }: SavedSearchesDependencies) {
  /** The saved search in the listing's own terms, as the results page's search resolves it (listings.service.ts). */
  async function resolve(query: SearchQuery): Promise<Omit<SavedSearchValues, 'userId' | 'name' | 'frequency' | 'query'>> {
    const landmark = query.lm ? await repository.landmark(query.lm) : undefined;
    if (query.lm && !landmark) throw new AppError(ErrorCode.VALIDATION, undefined, [{ path: 'body.query.lm', message: 'field.landmark' }]);
    const area = !landmark && query.loc ? await repository.areaBySlug(query.loc) : undefined;
    if (!landmark && query.loc && !area) throw new AppError(ErrorCode.VALIDATION, undefined, [{ path: 'body.query.loc', message: 'field.invalid' }]);
    const byName = query.category === 'PROPERTY' && !landmark && query.q ? query.q : undefined;
    return {
      types: query.purpose === 'sale' ? SALE_TYPES : RENT_TYPES,
      areaId: area?.id ?? null,
      categories: query.propertyType ? [...query.propertyType] : null,
      namePattern: byName ? containing(byName) : null,
      lat: landmark?.lat ?? null,
      lng: landmark?.lng ?? null,
      radiusKm: landmark ? LANDMARK_RADIUS_KM : null,
      minPrice: query.minPrice ?? null,
      maxPrice: query.maxPrice ?? null,
      bedrooms: query.bedrooms ?? null,
      bathrooms: query.bathrooms ?? null,
      parking: query.parking ?? null,
      furnishTypes: query.furnishType ? [...query.furnishType] : null,
      petFriendly: query.petFriendly ?? null,
      roomTypes: query.roomType ? [...query.roomType] : null,
      zeroDeposit: query.zeroDeposit ?? null,
      specialOffer: query.specialOffer ? true : null,
      instantView: query.instantView ? true : null,
    };
  }

  const view = (listed: ListedSavedSearch, lang: Language): SavedSearch => ({
    id: listed.search.id,
    name: shownName(listed, lang),
    frequency: listed.search.frequency,
    paused: listed.search.paused,
    query: listed.search.query,
    url: linkPath(lang, resultsRoute(listed.search.query)),
    found: listed.found,
    createdAt: listed.search.createdAt.toISOString(),
  });

  async function own(userId: string, id: number) {
    const row = await repository.find(id);
    // Someone else's saved search is not there, as far as the caller can tell.
    if (!row || row.userId !== userId) throw notFound({ savedSearchId: id });
    return row;
  }

  type Card = Awaited<ReturnType<SavedSearchQueries['cards']>>[number];
  const AREA_NAME = { en: 'areaNameEn', ms: 'areaNameMs', zh: 'areaNameZh' } as const;
  const cardItem = (card: Card, lang: Language) => {
    const t = translatorFor(lang);
    const facts = [
      t('notifications.saved.card.price', { price: formatMoney(lang, card.price) }),
      ...(card.bedroom !== null ? [t('notifications.saved.card.bedrooms', { count: card.bedroom })] : []),
      card[AREA_NAME[lang]],
    ];
    return {
      title: card.name,
      subtitle: facts.join(' · '),
      link: { route: 'details', params: { id: card.id } } as NoticeRoute,
      // The smallest published width (the card shows it at 120 px): a width never stored answered 404 in every email.
      ...(card.coverKey ? { imageUrl: new URL(mediaSrc(card.coverKey).replace('{w}', String(IMAGE_WIDTHS[0])), publicUrl).toString() } : {}),
    };
  };

  /**
   * Matches an approved listing against every saved search, records it for each (once per search, ever), and
   * sends the instant ones their notice in the same transaction; daily and weekly ones wait for their digest.
   * A person is told of a listing once, however many of their instant searches it matches: one notice naming the
   * oldest of them, keyed by person and listing, so a search saved later that finds it again (the listing approved
   * again after an edit) does not tell them a second time. Each search still records it, marked sent.
   */
  async function match(propertyId: number, attempt = 1): Promise<{ matched: number; sent: number }> {
    const state = await repository.listingState(propertyId);
    if (!state) return { matched: 0, sent: 0 };
    if (state.reviewStatus === 'PENDING') {
      // Queued as the approval was being made: it may not have committed yet. Look again, a few times.
      if (attempt <= PENDING_RETRIES) throw new Error('listing approval not committed yet');
      return { matched: 0, sent: 0 };
    }
    if (!state.live) return { matched: 0, sent: 0 };
    return repository.transaction(async (tx, transaction) => {
      const found = await tx.recordMatches(propertyId);
      const instant = found.filter((hit) => hit.frequency === 'INSTANT').map((hit) => hit.saved_search_id);
      if (!instant.length) return { matched: found.length, sent: 0 };
      const [card] = await tx.cards([propertyId]);
      if (!card) return { matched: found.length, sent: 0 };
      const now = clock();
      const byOwner = new Map<string, { searches: SavedSearchRow[]; language: string | null }>();
      for (const { search, language } of await tx.withOwners(instant)) {
        const owner = byOwner.get(search.userId) ?? { searches: [], language };
        owner.searches.push(search);
        byOwner.set(search.userId, owner);
      }
      for (const [userId, { searches, language }] of byOwner) {
        const [first] = searches.sort((a, b) => a.id - b.id);
        const lang = fromStoredLanguage(language);
        const item = cardItem(card, lang);
        await notifications.send(
          {
            type: savedSearchMatch,
            recipientId: userId,
            link: item.link,
            params: {
              search: first!.name,
              listing: card.name,
              price: card.price,
              area_en: card.areaNameEn,
              area_ms: card.areaNameMs,
              area_zh: card.areaNameZh,
            },
            items: [item],
            key: matchNoticeKey(userId, propertyId),
          },
          { transaction },
        );
        for (const search of searches) await tx.markSent(search.id, [propertyId], now);
      }
      return { matched: found.length, sent: byOwner.size };
    });
  }

  /** Sends the daily and weekly digests that are due: each claimed by one instance, its listings marked sent with it. */
  async function runDigests(): Promise<{ sent: number }> {
    let sent = 0;
    for (;;) {
      const now = clock();
      const batch = await repository.transaction(async (tx, transaction) => {
        const due = await tx.claimDueDigests(now, BUSINESS.alerts.digestHours, DIGESTS_PER_RUN);
        let told = 0;
        for (const { search, language } of await tx.withOwners(due)) {
          const hits = (await tx.unsentHits(search.id)).map((hit) => hit.propertyId);
          const cards = await tx.cards(hits);
          await tx.markSent(search.id, hits, now);
          // Listings taken down since they were found are left out; nothing left, nothing sent.
          if (!cards.length) continue;
          const lang = fromStoredLanguage(language);
          await notifications.send(
            {
              type: savedSearchDigest,
              recipientId: search.userId,
              link: resultsRoute(search.query),
              params: { search: search.name, count: cards.length },
              items: cards.slice(0, BUSINESS.alerts.digestCards).map((card) => cardItem(card, lang)),
              key: `saved-search:${search.id}:digest:${now.toISOString()}`,
            },
            { transaction },
          );
          told += 1;
        }
        return { claimed: due.length, told };
      });
      sent += batch.told;
      if (batch.claimed < DIGESTS_PER_RUN) return { sent };
    }
  }

  jobs.handle(matchListing, async ({ propertyId }, context) => {
    const done = await match(propertyId, context.job.attempt);
    if (done.matched) log.info({ propertyId, ...done }, 'saved searches matched');
  });

  return {
    async list(userId: string, lang: Language): Promise<SavedSearchList> {
      return { content: (await repository.list(userId)).map((listed) => view(listed, lang)) };
    },

    async create(userId: string, body: { name: string; frequency: SavedSearchFrequency; query: SearchQuery }, lang: Language) {
      // The same search twice would list twice and say nothing new: the person is told the name they saved it under
      // (before the cap, which would tell someone at the cap to delete a search to save one they have).
      const query = storedQuery(body.query);
      const same = await repository.sameQuery(userId, query);
      if (same)
        throw new AppError(ErrorCode.CONFLICT, { userId, savedSearchId: same.search.id }, undefined, 'notifications.saved.duplicate', {
          name: shownName(same, lang),
        });
      if ((await repository.countOf(userId)) >= BUSINESS.alerts.maxSavedSearches)
        throw new AppError(ErrorCode.CONFLICT, { userId }, undefined, 'notifications.saved.tooMany');
      const row = await repository.insert({
        userId,
        name: body.name,
        frequency: body.frequency,
        query,
        ...(await resolve(body.query)),
      });
      return view((await repository.listedById(row.id))!, lang);
    },

    async update(
      userId: string,
      id: number,
      body: { name?: string | undefined; frequency?: SavedSearchFrequency | undefined; paused?: boolean | undefined },
      lang: Language,
    ) {
      await own(userId, id);
      const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
      await repository.update(id, changes, clock());
      return view((await repository.listedById(id))!, lang);
    },

    async remove(userId: string, id: number) {
      await own(userId, id);
      await repository.remove(id);
      return { id };
    },

    /**
     * Called before a listing's approval is written: queues its matching for a minute later, so it happens even if
     * this instance stops before `approved` (a matching that finds the listing not approved does nothing).
     */
    async approving(propertyId: number) {
      const runAt = new Date(clock().getTime() + APPROVAL_GRACE_MS);
      await jobs.enqueue(matchListing, { propertyId }, { key: matchKey(propertyId), runAt });
    },

    /** Called once the approval has committed: the matching runs now (instant alerts go out within seconds). */
    async approved(propertyId: number) {
      await jobs.promote(matchListing, matchKey(propertyId));
    },

    match,
    runDigests,
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
