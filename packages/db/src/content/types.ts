/** One language's words of a seeded entry (Markdown body, the safe subset the web renders). */
export interface SeedWords {
  slug: string;
  title: string;
  description: string;
  body: string;
}

/** A page or post the site starts with; editors may change it afterwards (seeding never overwrites). */
export interface SeedEntry {
  key: string;
  kind: 'GUIDE' | 'POST' | 'EVENT' | 'FAQ' | 'PAGE';
  audience?: 'TENANT' | 'LANDLORD';
  areaSlug?: string;
  /** A demo picture (by number) as the cover. */
  cover?: number;
  /** Events: days from the seeding day (moved on to `weekday`, 0 Sunday to 6 Saturday, when given), at a Malaysian local time. */
  event?: { inDays: number; startHour: number; hours: number; venue: string; weekday?: number };
  /** Posts: how many days before seeding they were published (a believable blog history). */
  publishedDaysAgo?: number;
  words: { en: SeedWords; ms: SeedWords; zh: SeedWords };
}
