import type { Area, PostcodeLookup, PropertyTypeInfo } from '@kunci/contracts/reference';
import type { ReferenceRepository } from './reference.repository.ts';

/** The spec's fallback for a postcode the directory does not know. */
export const FALLBACK_CITY = { city: 'Kuala Lumpur', state: 'Wilayah Persekutuan Kuala Lumpur' } as const;

export function createReferenceService(repository: ReferenceRepository) {
  let areasCache: Promise<Area[]> | undefined;
  let typesCache: Promise<PropertyTypeInfo[]> | undefined;
  // A failed first read (the database away) is forgotten, so the next call tries again instead of failing forever.
  const forgetOnFailure = <T>(load: Promise<T>, forget: () => void): Promise<T> =>
    load.catch((error: unknown) => {
      forget();
      throw error;
    });
  return {
    // Reference data changes only with a deploy: read once per process.
    areas: () =>
      (areasCache ??= forgetOnFailure(
        repository
          .listAreas()
          .then((rows) => rows.map((r) => ({ id: r.id, slug: r.slug, name: { en: r.nameEn, ms: r.nameMs, zh: r.nameZh }, lat: r.lat, lng: r.lng }))),
        () => (areasCache = undefined),
      )),
    propertyTypes: () =>
      (typesCache ??= forgetOnFailure(
        repository.listPropertyTypes().then((rows) =>
          rows.map((r) => ({
            slug: r.slug as PropertyTypeInfo['slug'],
            listingType: r.listingType as PropertyTypeInfo['listingType'],
            name: { en: r.nameEn, ms: r.nameMs, zh: r.nameZh },
          })),
        ),
        () => (typesCache = undefined),
      )),
    countries: () => repository.listCountries(),
    lookupPostcode: async (postcode: string): Promise<PostcodeLookup> => {
      const hit = await repository.findPostcode(postcode);
      return hit ? { ...hit, fallback: false } : { postcode, ...FALLBACK_CITY, fallback: true };
    },
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
