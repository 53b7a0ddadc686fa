import { ErrorCode } from '@kunci/contracts/errors';
import {
  LANDMARK_RADIUS_KM,
  type AutocompleteItem,
  type AutocompleteResponse,
  type ListingCard,
  type ListingPage,
  type PropertyDetail,
  type SearchQuery,
} from '@kunci/contracts/listings';
import type { Language } from '@kunci/i18n/locales';
import { matchScore, prepare, type Prepared } from './fuzzy.ts';
import type { ListingType, PropertyCategory } from '@kunci/contracts/reference';
import { AppError } from '../../lib/app-error.ts';
import { factsOf, toCard, toImage } from '../../lib/listing-card.ts';
import type { ListingsRepository } from './listings.repository.ts';
import { pageOf } from '../../lib/page.ts';

const RENT_TYPES: readonly ListingType[] = ['HIGHRISE', 'LANDED', 'ROOM'];
const SALE_TYPES: readonly ListingType[] = ['HIGHRISE_SALE', 'LANDED_SALE'];

const SUGGESTIONS = 6;
const MIN_SCORE = 0.3;
const NAME_KEYS = { en: 'nameEn', ms: 'nameMs', zh: 'nameZh' } as const;
/** matchScore's scores for a name that is, or starts with, the typed text. */
const START_SCORE = 0.95;
const startScore = (needle: Prepared, name: Prepared) => {
  const score = matchScore(needle, name);
  return score >= START_SCORE ? score : 0;
};

export function createListingsService(repository: ListingsRepository) {
  // Areas and property types change only with a deploy: matched in memory, in all three languages, their names
  // (and slugs, spaced) prepared for matching once.
  type Named = { nameEn: string; nameMs: string; nameZh: string; slug: string };
  const withKeys = <T extends Named>(row: T) => ({
    row,
    keys: [row.nameEn, row.nameMs, row.nameZh, row.slug.replace(/-/g, ' ')].map(prepare),
    byLanguage: { en: prepare(row.nameEn), ms: prepare(row.nameMs), zh: prepare(row.nameZh) },
  });
  const loadNames = async () => {
    const { areas, types } = await repository.names();
    return { areas: areas.map(withKeys), types: types.map(withKeys) };
  };
  let names: ReturnType<typeof loadNames> | undefined;
  // A failed load is forgotten, so the next call tries again instead of failing for the life of the process.
  const preparedNames = () =>
    (names ??= loadNames().catch((error: unknown) => {
      names = undefined;
      throw error;
    }));
  async function searchListings(query: SearchQuery, excludeId?: number): Promise<ListingPage> {
    const landmark = query.lm ? await repository.findLandmark(query.lm) : undefined;
    if (query.lm && !landmark) throw new AppError(ErrorCode.VALIDATION, undefined, [{ path: 'querystring.lm', message: 'field.landmark' }]);
    const byName = query.category === 'PROPERTY' && !landmark && query.q ? query.q : undefined;
    const { rows, total, capped } = await repository.search({
      // A chosen building searches around itself, across area borders.
      areaSlug: landmark ? undefined : query.loc,
      categories: query.propertyType,
      types: query.purpose === 'sale' ? SALE_TYPES : RENT_TYPES,
      name: byName,
      near: landmark ? { lat: landmark.lat, lng: landmark.lng, radiusKm: LANDMARK_RADIUS_KM } : undefined,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      bedrooms: query.bedrooms,
      bathrooms: query.bathrooms,
      parking: query.parking,
      furnishTypes: query.furnishType,
      petFriendly: query.petFriendly,
      roomTypes: query.roomType,
      zeroDeposit: query.zeroDeposit,
      specialOffer: query.specialOffer,
      instantView: query.instantView,
      order:
        query.sort === 'relevance' ? (landmark ? 'distance' : byName ? 'name' : 'relevance') : query.sort === '-dateCreated' ? 'newest' : query.sort,
      excludeId,
      limit: query.pageSize,
      offset: query.pageNumber * query.pageSize,
    });
    const content: ListingCard[] = rows.map((r) => ({
      ...toCard(r),
      ...(r.distanceKm !== null ? { distanceKm: Math.round(r.distanceKm * 100) / 100 } : {}),
    }));
    return { ...pageOf(content, total, query.pageNumber, query.pageSize), ...(capped ? { totalCapped: true } : {}) };
  }

  return {
    /**
     * Suggestions for the search bar: areas and property types (LOCATION, first) and buildings (PROPERTY),
     * matched in English, Malay and Chinese with typos forgiven, labelled in the caller's language.
     */
    async autocomplete(keywords: string, lang: Language): Promise<AutocompleteResponse> {
      const text = keywords.trim();
      if (text.length < 2) return { LOCATION: [], PROPERTY: [] };
      const needle = prepare(text);
      const best = (keys: Prepared[]) => Math.max(...keys.map((key) => matchScore(needle, key)));
      const locations = ({ areas, types }: Awaited<ReturnType<typeof preparedNames>>) =>
        [
          ...areas.map(({ row: a, keys }) => ({
            score: best(keys),
            item: { id: a.id, label: a[NAME_KEYS[lang]], title: a[NAME_KEYS[lang]], category: 'LOCATION' as const, slug: a.slug },
          })),
          // A type only for the start of its name in the caller's language or in English: to someone searching
          // in English, "bang" (for Bangsar) is not the start of a Malay type name.
          ...types.map(({ row: t, byLanguage }) => ({
            score: Math.max(...[byLanguage[lang], byLanguage.en].map((key) => startScore(needle, key))) - 0.01,
            item: { id: t.slug, label: t[NAME_KEYS[lang]], title: t[NAME_KEYS[lang]], category: 'PROPERTY_TYPE' as const, slug: t.slug },
          })),
        ]
          .filter((s) => s.score >= MIN_SCORE)
          .sort((a, b) => b.score - a.score || Number(a.item.category === 'PROPERTY_TYPE') - Number(b.item.category === 'PROPERTY_TYPE'));
      // Areas and types are scored in memory while the buildings' query is with the database: the query is sent
      // first (scoring in the same turn would hold it back until scoring is done).
      const matching = repository.matchLandmarks(text, SUGGESTIONS);
      // Awaited below, but a failure may come first, while the names load: handled now, or it would end the process.
      matching.catch(() => undefined);
      const names = await preparedNames();
      await new Promise(setImmediate);
      const scored = locations(names);
      const buildings = await matching;
      const dedupe = <T extends AutocompleteItem>(items: T[]) => {
        const seen = new Set<string>();
        return items.filter((item) => {
          const key = `${item.label.toLowerCase()}|${item.category ?? item.type}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      };
      return {
        LOCATION: dedupe(scored.map((s) => s.item)).slice(0, SUGGESTIONS),
        PROPERTY: dedupe(buildings.map((b) => ({ landmarkLabelId: b.id, label: b.name, name: b.name, type: 'PROPERTY' as const, slug: b.areaSlug }))),
      };
    },

    search(query: SearchQuery): Promise<ListingPage> {
      return searchListings(query);
    },

    /**
     * Homes like a listing (X-Source-Ref): same area and type, rent within 30%, never the listing itself.
     * Works for listings that are no longer live, so their page can offer alternatives. Filters in the
     * body narrow it further.
     */
    async similar(query: SearchQuery, sourceRef: number | undefined): Promise<ListingPage> {
      const source = sourceRef ? await repository.findForSimilar(sourceRef) : undefined;
      if (!source) return searchListings(query);
      const sale = SALE_TYPES.includes(source.type as ListingType);
      return searchListings(
        {
          ...query,
          loc: query.loc ?? source.areaSlug,
          propertyType: query.propertyType ?? [source.category as PropertyCategory],
          purpose: sale ? 'sale' : 'rent',
          minPrice: query.minPrice ?? Math.floor(source.price * 0.7),
          maxPrice: query.maxPrice ?? Math.ceil(source.price * 1.3),
        },
        source.id,
      );
    },

    /** Records what a visitor did with a live listing (views counted once a day per visitor). */
    async logAction(id: number, action: string, recommendedRef: string | undefined, who: { visitorId: string | null; userId: string | null }) {
      await this.getPublic(id);
      const views = await repository.logAction({
        propertyId: id,
        action,
        visitorId: who.visitorId,
        userId: who.userId,
        recommendedRef: recommendedRef ?? null,
      });
      return { views };
    },

    async content(id: number) {
      const listing = await this.getPublic(id);
      return {
        id,
        description: listing.description,
        images: listing.images,
        videos: listing.videos.map((v) => ({ id: v.id, url: v.url, type: v.type })),
      };
    },

    popularAreas: (limit: number) => repository.popularAreas(limit),

    /**
     * Homes for this visitor: live listings in the area and of the kind they viewed most, not the ones they
     * have seen; newest homes for a first visit.
     */
    async recommend(who: { visitorId: string | null; userId: string | null }, pageSize: number): Promise<ListingPage> {
      const interest = await repository.recentInterest(who);
      const base = { category: 'LOCATION' as const, purpose: 'rent' as const, sort: 'relevance' as const, pageNumber: 0 };
      if (!interest) return searchListings({ ...base, pageSize });
      const seen = new Set(interest.seen);
      const page = await searchListings({
        ...base,
        loc: interest.areaSlug,
        propertyType: [interest.category as PropertyCategory],
        pageSize: Math.min(60, pageSize + seen.size),
      });
      const content = page.content.filter((l) => !seen.has(l.id)).slice(0, pageSize);
      // One page of at most pageSize (at least 1) homes: one page, or none when there are none.
      return pageOf(content, content.length, 0, pageSize);
    },

    sitemapPages: async () => ({ rentals: await repository.rentalsByAreaAndCategory() }),

    async sitemap(part: number, size: number) {
      const { rows, total } = await repository.sitemapPart(part, size);
      return { listings: rows.map((r) => ({ id: r.id, dateUpdated: r.dateUpdated.toISOString() })), parts: Math.max(1, Math.ceil(total / size)) };
    },

    /** A public listing. Unknown: 404. Known but no longer live: 410, so pages can say so. */
    async getPublic(id: number): Promise<PropertyDetail> {
      const row = await repository.findById(id);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, { id });
      if (!row.live) throw new AppError(ErrorCode.GONE, { id });
      const p = row.property;
      const [images, videos] = await Promise.all([repository.imagesOf(id), repository.videosOf(id)]);
      const cover = images.find((i) => i.isCover) ?? images[0];
      return {
        ...toCard({ ...row, coverId: cover?.id ?? null, coverKey: cover?.mediaKey ?? null }),
        ...factsOf(p),
        landmarkLabelId: p.landmarkId,
        landmarkLabelVerified: row.landmarkVerified ?? false,
        description: p.description,
        address: p.address,
        postcode: p.postcode,
        // A verified building's directory entry stands in for what its owner did not state.
        facilities: (p.facilities.length || !row.landmarkVerified ? p.facilities : (row.landmarkFacilities ?? [])) as PropertyDetail['facilities'],
        nearby: (p.nearby.length || !row.landmarkVerified ? p.nearby : (row.landmarkNearby ?? [])) as PropertyDetail['nearby'],
        images: images.map(toImage),
        videos: videos.map((v) => ({ id: v.id, url: v.url, type: v.type, src: `/media/${v.mediaKey}`, contentType: v.contentType })),
        owner: { id: p.ownerId, name: row.ownerName },
      };
    },
  };
}
export type ListingsService = ReturnType<typeof createListingsService>;
