import { eq, inArray } from 'drizzle-orm';
import { DAY_MS } from '@kunci/contracts/constants';
import type { MediaStore } from '@kunci/media/store';
import type { Database } from '../client.ts';
import { ensureDemoPictures, demoPictureKey } from '../demo/pictures.ts';
import { contentEntries, contentTranslations, homeProjects, meta } from '../schema.ts';
import { FAQS } from './faqs.ts';
import { GUIDES } from './guides.ts';
import { PAGES } from './pages.ts';
import { POSTS } from './posts.ts';
import { PROJECTS } from './projects.ts';
import type { SeedEntry } from './types.ts';

/** Bump when entries are added below; start-up then adds the missing ones once. */
const CONTENT_VERSION = '1';
export const SEED_CONTENT: SeedEntry[] = [...GUIDES, ...FAQS, ...POSTS, ...PAGES];

/** Malaysia is UTC+8 all year: an event at `hour` local time on the day `inDays` from `now` (or the next `weekday` after it). */
function malaysianTime(now: Date, inDays: number, hour: number, weekday?: number): Date {
  let day = new Date(now.getTime() + 8 * 3_600_000 + inDays * DAY_MS);
  while (weekday !== undefined && day.getUTCDay() !== weekday) day = new Date(day.getTime() + DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour - 8));
}

/**
 * The site's starting content (guides, FAQs, posts, events, information pages, home-ownership projects), published
 * in English, Malay and Chinese. Entries are matched by key and only missing ones are added, so an editor's changes
 * are never overwritten; it runs once per CONTENT_VERSION.
 */
export async function seedContent(db: Database, store: MediaStore, now = new Date()): Promise<boolean> {
  const [current] = await db.select().from(meta).where(eq(meta.key, 'content_version'));
  if (current?.value === CONTENT_VERSION) return false;
  await ensureDemoPictures(store);
  await db.transaction(async (tx) => {
    const existing = new Set(
      (
        await tx
          .select({ key: contentEntries.key })
          .from(contentEntries)
          .where(
            inArray(
              contentEntries.key,
              SEED_CONTENT.map((e) => e.key),
            ),
          )
      ).map((r) => r.key),
    );
    for (const entry of SEED_CONTENT) {
      if (existing.has(entry.key)) continue;
      const publishedAt = new Date(now.getTime() - (entry.publishedDaysAgo ?? 30) * DAY_MS);
      const startsAt = entry.event ? malaysianTime(now, entry.event.inDays, entry.event.startHour, entry.event.weekday) : null;
      const [row] = await tx
        .insert(contentEntries)
        .values({
          key: entry.key,
          kind: entry.kind,
          audience: entry.audience ?? null,
          areaSlug: entry.areaSlug ?? null,
          coverKey: entry.cover === undefined ? null : demoPictureKey(entry.cover),
          startsAt,
          endsAt: startsAt && entry.event ? new Date(startsAt.getTime() + entry.event.hours * 3_600_000) : null,
          venue: entry.event?.venue ?? null,
          status: 'PUBLISHED',
          publishedAt,
          draftSavedAt: new Date(publishedAt.getTime() - 1),
          createdAt: publishedAt,
        })
        // Another instance starting at the same moment may have added it: theirs stands.
        .onConflictDoNothing({ target: contentEntries.key })
        .returning({ id: contentEntries.id });
      if (!row) continue;
      const words = (['en', 'ms', 'zh'] as const).map((language) => ({ entryId: row.id, language, ...entry.words[language] }));
      await tx
        .insert(contentTranslations)
        .values([...words.map((w) => ({ ...w, stage: 'draft' as const })), ...words.map((w) => ({ ...w, stage: 'published' as const }))]);
    }
    await tx
      .insert(homeProjects)
      .values(PROJECTS.map(({ gallery, ...project }) => ({ ...project, galleryKeys: gallery.map(demoPictureKey) })))
      .onConflictDoNothing({ target: homeProjects.key });
    await tx
      .insert(meta)
      .values({ key: 'content_version', value: CONTENT_VERSION })
      .onConflictDoUpdate({ target: meta.key, set: { value: CONTENT_VERSION } });
  });
  return true;
}
