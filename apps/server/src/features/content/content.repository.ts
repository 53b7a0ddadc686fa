import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { contactMessages, contentEntries, contentTranslations } from '@kunci/db/schema';
import type { ContentKind, ContentLanguage, ContentTranslationInput } from '@kunci/contracts/content';
import { transactional } from '../../lib/transactional.ts';

export type ContentEntryRow = typeof contentEntries.$inferSelect;
export type ContentTranslationRow = typeof contentTranslations.$inferSelect;
export type Stage = ContentTranslationRow['stage'];
type EntrySettings = Pick<
  typeof contentEntries.$inferInsert,
  'kind' | 'audience' | 'areaSlug' | 'coverKey' | 'startsAt' | 'endsAt' | 'venue' | 'key' | 'updatedBy'
>;

function create(db: Database) {
  return {
    /** Published entries (optionally of one kind and audience; events not yet over), newest first; events soonest first. */
    published: (filter: { kind?: ContentKind | undefined; audience?: 'TENANT' | 'LANDLORD' | undefined; upcoming?: boolean | undefined }) =>
      db
        .select()
        .from(contentEntries)
        .where(
          and(
            eq(contentEntries.status, 'PUBLISHED'),
            filter.kind ? eq(contentEntries.kind, filter.kind) : undefined,
            filter.audience ? eq(contentEntries.audience, filter.audience) : undefined,
            filter.upcoming
              ? or(gte(contentEntries.endsAt, sql`now()`), and(isNull(contentEntries.endsAt), gte(contentEntries.startsAt, sql`now()`)))
              : undefined,
          ),
        )
        .orderBy(filter.kind === 'EVENT' ? asc(contentEntries.startsAt) : desc(contentEntries.publishedAt), desc(contentEntries.id))
        .limit(200),

    all: (kind?: ContentKind) =>
      db
        .select()
        .from(contentEntries)
        .where(kind ? eq(contentEntries.kind, kind) : undefined)
        .orderBy(desc(contentEntries.draftSavedAt), desc(contentEntries.id))
        .limit(500),

    byId: async (id: number) => (await db.select().from(contentEntries).where(eq(contentEntries.id, id)))[0],
    byKey: async (key: string) => (await db.select().from(contentEntries).where(eq(contentEntries.key, key)))[0],

    /** The entry of a kind whose slug (in any language) at `stage` is `slug`. */
    bySlug: async (kind: ContentKind, slug: string, stage: Stage) =>
      (
        await db
          .select({ entry: contentEntries })
          .from(contentTranslations)
          .innerJoin(contentEntries, eq(contentEntries.id, contentTranslations.entryId))
          .where(and(eq(contentEntries.kind, kind), eq(contentTranslations.stage, stage), eq(contentTranslations.slug, slug)))
          .limit(1)
      )[0]?.entry,

    translations: (entryIds: number[], stage: Stage) =>
      entryIds.length
        ? db
            .select()
            .from(contentTranslations)
            .where(and(inArray(contentTranslations.entryId, entryIds), eq(contentTranslations.stage, stage)))
        : Promise.resolve([] as ContentTranslationRow[]),

    /** Which entry (if any but `exceptId`) uses a slug in a language. */
    slugOwner: async (language: ContentLanguage, slug: string, exceptId?: number) =>
      (
        await db
          .select({ entryId: contentTranslations.entryId })
          .from(contentTranslations)
          .where(
            and(
              eq(contentTranslations.language, language),
              eq(contentTranslations.slug, slug),
              exceptId ? sql`${contentTranslations.entryId} <> ${exceptId}` : undefined,
            ),
          )
          .limit(1)
      )[0]?.entryId,

    insert: async (settings: EntrySettings) => (await db.insert(contentEntries).values(settings).returning())[0]!,

    update: async (id: number, changes: Partial<typeof contentEntries.$inferInsert>) =>
      (await db.update(contentEntries).set(changes).where(eq(contentEntries.id, id)).returning())[0],

    /** Replaces the words of one stage with `words` (every language). */
    writeStage: async (entryId: number, stage: Stage, words: Record<ContentLanguage, ContentTranslationInput>) => {
      await db.delete(contentTranslations).where(and(eq(contentTranslations.entryId, entryId), eq(contentTranslations.stage, stage)));
      await db
        .insert(contentTranslations)
        .values((Object.entries(words) as [ContentLanguage, ContentTranslationInput][]).map(([language, w]) => ({ entryId, stage, language, ...w })));
    },

    clearStage: (entryId: number, stage: Stage) =>
      db.delete(contentTranslations).where(and(eq(contentTranslations.entryId, entryId), eq(contentTranslations.stage, stage))),

    // Contact messages
    addContact: async (message: typeof contactMessages.$inferInsert) =>
      (await db.insert(contactMessages).values(message).returning({ id: contactMessages.id }))[0]!,
    contacts: () => db.select().from(contactMessages).orderBy(asc(contactMessages.status), desc(contactMessages.createdAt)).limit(200),
    handleContact: async (id: number, staffId: string) =>
      (
        await db
          .update(contactMessages)
          .set({ status: 'HANDLED', handledBy: staffId, handledAt: sql`now()` })
          .where(eq(contactMessages.id, id))
          .returning()
      )[0],
  };
}

export function createContentRepository(db: Database) {
  return transactional(db, create);
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
