import { randomUUID } from 'node:crypto';
import {
  CONTENT_LANGUAGES,
  type ContentInput,
  type AdminContentEntry,
  type AdminContentList,
  type ContactInput,
  type ContactMessages,
  type ContentKind,
  type ContentLanguage,
  type ContentList,
  type ContentPage,
  type ContentSummary,
  type ContentTranslationInput,
} from '@kunci/contracts/content';
import { ErrorCode } from '@kunci/contracts/errors';
import type { Language } from '@kunci/i18n/locales';
import { translatorFor } from '@kunci/i18n/messages';
import type { MediaStore } from '@kunci/media/store';
import { AppError } from '../../lib/app-error.ts';
import { mediaSrc } from '../../lib/media-src.ts';
import { publishImage } from '../../lib/uploads.ts';
import type { ContentEntryRow, ContentRepository, ContentTranslationRow, Stage } from './content.repository.ts';

type Words = Record<ContentLanguage, ContentTranslationInput>;
type Parsed = ReturnType<typeof ContentInput.parse>;

const CREATABLE: ReadonlySet<ContentKind> = new Set(['POST', 'EVENT', 'FAQ']);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

function wordsOf(rows: ContentTranslationRow[], entryId: number): Words | undefined {
  const mine = rows.filter((row) => row.entryId === entryId);
  const words: Partial<Words> = {};
  for (const row of mine) words[row.language] = { slug: row.slug, title: row.title, description: row.description, body: row.body };
  return CONTENT_LANGUAGES.every((lang) => words[lang]) ? (words as Words) : undefined;
}

function summary(entry: ContentEntryRow, words: Words, language: ContentLanguage): ContentSummary {
  const own = words[language];
  return {
    id: entry.id,
    kind: entry.kind,
    key: entry.key,
    audience: entry.audience,
    areaSlug: entry.areaSlug,
    language,
    slug: own.slug,
    slugs: { en: words.en.slug, ms: words.ms.slug, zh: words.zh.slug },
    title: own.title,
    description: own.description,
    cover: entry.coverKey ? mediaSrc(entry.coverKey) : null,
    startsAt: iso(entry.startsAt),
    endsAt: iso(entry.endsAt),
    venue: entry.venue,
    publishedAt: iso(entry.publishedAt),
    updatedAt: (entry.publishedAt ?? entry.draftSavedAt).toISOString(),
  };
}

/**
 * Managed content: the public reads published words only; editors save drafts (every language at once, so no
 * language is ever missing), preview them, and publish, which copies the draft to what the public reads.
 */
export function createContentService(repository: ContentRepository, store: MediaStore) {
  async function page(entry: ContentEntryRow | undefined, language: ContentLanguage, stage: Stage): Promise<ContentPage> {
    if (!entry || (stage === 'published' && entry.status !== 'PUBLISHED')) throw new AppError(ErrorCode.NOT_FOUND, { entryId: entry?.id });
    const words = wordsOf(await repository.translations([entry.id], stage), entry.id);
    if (!words) throw new AppError(ErrorCode.NOT_FOUND, { entryId: entry.id, stage });
    return { ...summary(entry, words, language), body: words[language].body };
  }

  /** Every slug must be free in its language (another entry's slug, draft or published, is taken). */
  async function checkSlugs(words: Words, exceptId?: number) {
    const fields = [];
    for (const lang of CONTENT_LANGUAGES) {
      if (await repository.slugOwner(lang, words[lang].slug, exceptId)) fields.push({ path: `body.translations.${lang}.slug`, lang });
    }
    if (fields.length)
      throw new AppError(
        ErrorCode.CONFLICT,
        { slugs: fields },
        fields.map((f) => ({ path: f.path, message: 'content.field.slugTaken' })),
        'content.field.slugTaken',
      );
  }

  const settingsOf = (input: Parsed) => ({
    kind: input.kind,
    audience: input.audience,
    areaSlug: input.areaSlug,
    coverKey: input.coverKey,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    venue: input.venue || null,
  });

  async function adminView(entry: ContentEntryRow): Promise<AdminContentEntry> {
    const draft = wordsOf(await repository.translations([entry.id], 'draft'), entry.id);
    if (!draft) throw new AppError(ErrorCode.NOT_FOUND, { entryId: entry.id });
    return { ...adminRow(entry), draft };
  }
  const adminRow = (entry: ContentEntryRow) => ({
    id: entry.id,
    kind: entry.kind,
    key: entry.key,
    audience: entry.audience,
    areaSlug: entry.areaSlug,
    coverKey: entry.coverKey,
    cover: entry.coverKey ? mediaSrc(entry.coverKey) : null,
    startsAt: iso(entry.startsAt),
    endsAt: iso(entry.endsAt),
    venue: entry.venue,
    status: entry.status,
    unpublishedChanges: !entry.publishedAt || entry.draftSavedAt > entry.publishedAt,
    publishedAt: iso(entry.publishedAt),
    draftSavedAt: entry.draftSavedAt.toISOString(),
  });

  return {
    async list(
      filter: { kind?: ContentKind | undefined; audience?: 'TENANT' | 'LANDLORD' | undefined; upcoming?: boolean | undefined },
      language: ContentLanguage,
    ): Promise<ContentList> {
      const entries = await repository.published(filter);
      const rows = await repository.translations(
        entries.map((e) => e.id),
        'published',
      );
      return {
        content: entries.flatMap((entry) => {
          const words = wordsOf(rows, entry.id);
          return words ? [summary(entry, words, language)] : [];
        }),
      };
    },

    bySlug: async (kind: ContentKind, slug: string, language: ContentLanguage, preview: boolean) =>
      page(await repository.bySlug(kind, slug, preview ? 'draft' : 'published'), language, preview ? 'draft' : 'published'),

    byKey: async (key: string, language: ContentLanguage, preview: boolean) =>
      page(await repository.byKey(key), language, preview ? 'draft' : 'published'),

    // Editors
    async adminList(kind?: ContentKind): Promise<AdminContentList> {
      const entries = await repository.all(kind);
      const rows = await repository.translations(
        entries.map((e) => e.id),
        'draft',
      );
      return {
        content: entries.map((entry) => {
          const mine = rows.filter((r) => r.entryId === entry.id);
          const slug = (lang: ContentLanguage) => mine.find((r) => r.language === lang)?.slug ?? '';
          return {
            ...adminRow(entry),
            title: mine.find((r) => r.language === 'en')?.title ?? '',
            slugs: { en: slug('en'), ms: slug('ms'), zh: slug('zh') },
          };
        }),
      };
    },

    async adminGet(id: number) {
      const entry = await repository.byId(id);
      if (!entry) throw new AppError(ErrorCode.NOT_FOUND, { entryId: id });
      return adminView(entry);
    },

    /** Editors add posts, events and FAQs; guides and information pages have fixed addresses and are edited, not added. */
    async create(input: Parsed, editorId: string): Promise<AdminContentEntry> {
      if (!CREATABLE.has(input.kind))
        throw new AppError(ErrorCode.VALIDATION, { kind: input.kind }, [{ path: 'body.kind', message: 'content.field.kind' }], 'content.field.kind');
      await checkSlugs(input.translations);
      const entry = await repository.transaction(async (tx) => {
        const created = await tx.insert({ ...settingsOf(input), updatedBy: editorId });
        await tx.writeStage(created.id, 'draft', input.translations);
        return created;
      });
      return adminView(entry);
    },

    /** Saves the draft; the published page stays as it was until the next publish. A guide's or page's kind is fixed. */
    async saveDraft(id: number, input: Parsed, editorId: string): Promise<AdminContentEntry> {
      const current = await repository.byId(id);
      if (!current) throw new AppError(ErrorCode.NOT_FOUND, { entryId: id });
      if (current.kind !== input.kind)
        throw new AppError(ErrorCode.VALIDATION, { entryId: id }, [{ path: 'body.kind', message: 'content.field.kind' }], 'content.field.kind');
      await checkSlugs(input.translations, id);
      const entry = await repository.transaction(async (tx) => {
        const updated = await tx.update(id, { ...settingsOf(input), updatedBy: editorId, draftSavedAt: new Date() });
        await tx.writeStage(id, 'draft', input.translations);
        return updated!;
      });
      return adminView(entry);
    },

    async publish(id: number, editorId: string): Promise<AdminContentEntry> {
      const entry = await repository.transaction(async (tx) => {
        const current = await tx.byId(id);
        if (!current) throw new AppError(ErrorCode.NOT_FOUND, { entryId: id });
        const draft = wordsOf(await tx.translations([id], 'draft'), id);
        if (!draft) throw new AppError(ErrorCode.NOT_FOUND, { entryId: id });
        await tx.writeStage(id, 'published', draft);
        // Published after the draft was saved: nothing left unpublished.
        const now = new Date(Math.max(Date.now(), current.draftSavedAt.getTime() + 1));
        return (await tx.update(id, { status: 'PUBLISHED', publishedAt: now, updatedBy: editorId }))!;
      });
      return adminView(entry);
    },

    async unpublish(id: number, editorId: string): Promise<AdminContentEntry> {
      const entry = await repository.transaction(async (tx) => {
        if (!(await tx.byId(id))) throw new AppError(ErrorCode.NOT_FOUND, { entryId: id });
        await tx.clearStage(id, 'published');
        return (await tx.update(id, { status: 'DRAFT', publishedAt: null, updatedBy: editorId }))!;
      });
      return adminView(entry);
    },

    /** A picture for a cover or a body, published in every width; its key goes in `coverKey` or `![alt](url)`. */
    async addImage(bytes: Buffer) {
      const key = `content/${randomUUID()}`;
      await publishImage(store, key, bytes, 'listing', 'body');
      return { key, url: mediaSrc(key).replace('{w}', '1024') };
    },

    // Contact messages
    async contact(input: ContactInput & { phoneNo: string }, language: Language, userId: string | undefined) {
      const { id } = await repository.addContact({
        name: input.name,
        email: input.email,
        phoneNumber: input.phoneNo || null,
        topic: input.topic,
        message: input.message,
        language,
        userId: userId ?? null,
      });
      return { id, message: translatorFor(language)('content.contact.received') };
    },

    async contacts(): Promise<ContactMessages> {
      return {
        content: (await repository.contacts()).map((m) => ({
          id: m.id,
          name: m.name,
          email: m.email,
          phoneNumber: m.phoneNumber,
          topic: m.topic,
          message: m.message,
          language: m.language,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
          handledAt: iso(m.handledAt),
        })),
      };
    },

    async handleContact(id: number, staffId: string) {
      const row = await repository.handleContact(id, staffId);
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, { contactId: id });
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
