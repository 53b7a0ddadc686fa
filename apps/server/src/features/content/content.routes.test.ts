import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminContentEntry, ContactMessages, ContentList, ContentPage, ContentInput } from '@kunci/contracts/content';
import { seedContent } from '@kunci/db/content/seed';
import { contentEntries, meta, users } from '@kunci/db/schema';
import { LocalDiskStore } from '@kunci/media/store';
import { bearer, createTestApp, signIn, type TestApp } from '../../../test/support.ts';

const words = (lang: string, slug: string) => ({
  slug,
  title: `Moving to Kuala Lumpur (${lang})`,
  description: `What a newcomer should know before renting (${lang}).`,
  body: `## Where to start\n\nPick the area first, then the unit (${lang}).\n\n- Check the commute\n- Check the shops`,
});
const post = (suffix: string): ContentInput => ({
  kind: 'POST',
  translations: {
    en: words('en', `moving-to-kl-${suffix}`),
    ms: words('ms', `berpindah-ke-kl-${suffix}`),
    zh: words('zh', `banjia-dao-jilongpo-${suffix}`),
  },
});

describe('managed content', () => {
  let t: TestApp;
  let editor: Record<string, string>;
  let visitor: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_RESEND_SECONDS: '0', PIN_MAX_PER_HOUR_PER_PHONE: '1000', PIN_MAX_PER_HOUR_PER_IP: '1000' } });
    const staff = await signIn(t.app);
    await t.database.db.update(users).set({ role: 'editor' }).where(eq(users.id, staff.userId));
    editor = bearer(staff.token);
    visitor = bearer((await signIn(t.app)).token);
  });
  afterAll(() => t.close());

  it('serves the six guides in three languages, each in its own words', async () => {
    for (const lang of ['en', 'ms', 'zh'] as const) {
      const list = (await t.app.inject({ url: `/api/content?kind=GUIDE&language=${lang}` })).json() as ContentList;
      expect(list.content.map((g) => g.key).sort()).toEqual(
        ['landlord-basics', 'landlord-process', 'landlord-protection', 'tenant-basics', 'tenant-payment', 'tenant-process'].sort(),
      );
    }
    const en = (await t.app.inject({ url: '/api/content/keys/tenant-basics?language=en' })).json() as ContentPage;
    const ms = (await t.app.inject({ url: '/api/content/keys/tenant-basics?language=ms' })).json() as ContentPage;
    const zh = (await t.app.inject({ url: '/api/content/keys/tenant-basics?language=zh' })).json() as ContentPage;
    expect(ms.title).toBe('Asas menyewa untuk penyewa');
    expect(zh.title).toBe('租客租房入门');
    expect(new Set([en.body, ms.body, zh.body]).size).toBe(3);
    expect(zh.body).toMatch(/押金/);
  });

  it('answers in the caller’s language without a language query, and has FAQs for five areas', async () => {
    const page = (await t.app.inject({ url: '/api/content/keys/faq-area-mont-kiara', headers: { 'x-language': 'ms' } })).json() as ContentPage;
    expect(page.language).toBe('ms');
    expect(page.body).toMatch(/MRT/);
    const faqs = (await t.app.inject({ url: '/api/content?kind=FAQ' })).json() as ContentList;
    expect(
      faqs.content
        .filter((f) => f.areaSlug)
        .map((f) => f.areaSlug)
        .sort(),
    ).toEqual(['bangsar', 'cheras', 'mont-kiara', 'petaling-jaya', 'subang-jaya']);
    const events = (await t.app.inject({ url: '/api/content?kind=EVENT&upcoming=true' })).json() as ContentList;
    expect(events.content).toHaveLength(2);
    expect(events.content[0]!.startsAt! < events.content[1]!.startsAt!).toBe(true);
  });

  it('keeps drafts off the site until an editor publishes, then serves every language by its own slug', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/content', payload: post('a'), headers: editor });
    expect(created.statusCode).toBe(201);
    const entry = created.json() as AdminContentEntry;
    expect(entry).toMatchObject({ status: 'DRAFT', unpublishedChanges: true });

    expect((await t.app.inject({ url: '/api/content/POST/moving-to-kl-a' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/content/POST/moving-to-kl-a?preview=true', headers: visitor })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/content/POST/moving-to-kl-a?preview=true', headers: editor })).statusCode).toBe(200);

    const published = await t.app.inject({ method: 'POST', url: `/api/admin/content/${entry.id}/publish`, headers: editor });
    expect(published.json()).toMatchObject({ status: 'PUBLISHED', unpublishedChanges: false });
    const zh = (await t.app.inject({ url: '/api/content/POST/moving-to-kl-a?language=zh' })).json() as ContentPage;
    expect(zh).toMatchObject({
      slug: 'banjia-dao-jilongpo-a',
      slugs: { en: 'moving-to-kl-a', ms: 'berpindah-ke-kl-a' },
      title: 'Moving to Kuala Lumpur (zh)',
    });
    const blog = (await t.app.inject({ url: '/api/content?kind=POST&language=ms' })).json() as ContentList;
    expect(blog.content[0]).toMatchObject({ id: entry.id, slug: 'berpindah-ke-kl-a' });

    // A saved draft does not change the public page until published again.
    const edited = post('a');
    edited.translations.en.title = 'Moving to Kuala Lumpur: the 2027 edition';
    const saved = await t.app.inject({ method: 'PUT', url: `/api/admin/content/${entry.id}`, payload: edited, headers: editor });
    expect(saved.json()).toMatchObject({ unpublishedChanges: true });
    expect(((await t.app.inject({ url: '/api/content/POST/moving-to-kl-a' })).json() as ContentPage).title).toBe('Moving to Kuala Lumpur (en)');
    await t.app.inject({ method: 'POST', url: `/api/admin/content/${entry.id}/publish`, headers: editor });
    expect(((await t.app.inject({ url: '/api/content/POST/moving-to-kl-a' })).json() as ContentPage).title).toBe(
      'Moving to Kuala Lumpur: the 2027 edition',
    );

    await t.app.inject({ method: 'POST', url: `/api/admin/content/${entry.id}/unpublish`, headers: editor });
    expect((await t.app.inject({ url: '/api/content/POST/moving-to-kl-a' })).statusCode).toBe(404);
  });

  it('refuses HTML, a slug another entry uses, an incomplete language and an event without a time, in the editor’s language', async () => {
    const html = post('b');
    html.translations.ms.body = 'Klik <script>alert(1)</script> sini untuk maklumat lanjut tentang sewa.';
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/content', payload: html, headers: { ...editor, 'x-language': 'ms' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ fields: [{ path: 'body.translations.ms.body', message: expect.stringMatching(/HTML tidak diterima/) }] });

    const taken = post('b');
    taken.translations.en.slug = 'tenant-basics';
    const conflict = await t.app.inject({ method: 'POST', url: '/api/admin/content', payload: taken, headers: editor });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ fields: [{ path: 'body.translations.en.slug' }] });

    const { zh: _zh, ...twoLanguages } = post('b').translations;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/content', payload: { kind: 'POST', translations: twoLanguages }, headers: editor }))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/content', payload: { ...post('c'), kind: 'EVENT' }, headers: editor })).statusCode,
    ).toBe(422);
  });

  it('takes a cover picture through the media store', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/images',
      payload: await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 110, b: 100 } } })
        .jpeg()
        .toBuffer(),
      headers: { ...editor, 'content-type': 'image/jpeg' },
    });
    expect(res.statusCode).toBe(201);
    const { key, url } = res.json() as { key: string; url: string };
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const withCover = { ...post('d'), coverKey: key };
    const created = (
      await t.app.inject({ method: 'POST', url: '/api/admin/content', payload: withCover, headers: editor })
    ).json() as AdminContentEntry;
    expect(created.cover).toBe(`/media/${key}/{w}.webp`);
  });

  it('stores contact messages for staff only', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'Aisyah', email: 'aisyah@example.my', topic: 'LISTING', message: 'Iklan di Cheras ini meminta deposit dua bulan.' },
      headers: { 'x-language': 'ms' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ message: expect.stringMatching(/Terima kasih/) });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: { name: 'A', email: 'x', topic: 'GENERAL', message: 'short' } }))
        .statusCode,
    ).toBe(422);
    expect((await t.app.inject({ url: '/api/admin/contact-messages', headers: visitor })).statusCode).toBe(403);
    const inbox = (await t.app.inject({ url: '/api/admin/contact-messages', headers: editor })).json() as ContactMessages;
    const mine = inbox.content.find((m) => m.email === 'aisyah@example.my')!;
    expect(mine).toMatchObject({ status: 'NEW', language: 'ms', topic: 'LISTING' });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/contact-messages/${mine.id}/handled`, headers: editor })).statusCode).toBe(204);
  });

  it('lists new projects for sale with a brochure, and stores an "I want to know more" request for staff', async () => {
    const { content } = (await t.app.inject({ url: '/api/home-ownership/projects?language=ms' })).json() as {
      content: { id: number; name: string; summary: string; priceMin: number; brochureUrl: string }[];
    };
    expect(content.length).toBeGreaterThanOrEqual(3);
    expect(content.map((p) => p.priceMin)).toEqual([...content.map((p) => p.priceMin)].sort((a, b) => a - b));
    const project = content[0]!;
    expect(project.summary).toMatch(/MRT|kondominium|residensi|rumah/i);
    const brochure = await t.app.inject({ url: project.brochureUrl });
    expect(brochure.statusCode).toBe(200);
    expect(brochure.headers['content-type']).toBe('application/pdf');
    expect(brochure.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const url = `/api/home-ownership/projects/${project.id}/leads`;
    expect((await t.app.inject({ method: 'POST', url, payload: { name: 'Wei Ling', phoneNo: '12' } })).statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/home-ownership/projects/999999/leads', payload: { name: 'Wei Ling', phoneNo: '0123456789' } }))
        .statusCode,
    ).toBe(404);
    const asked = await t.app.inject({
      method: 'POST',
      url,
      payload: { name: 'Wei Ling', phoneNo: '012-345 6789', message: '三房单位还有吗？' },
      headers: { 'x-language': 'zh' },
    });
    expect(asked.statusCode).toBe(201);
    expect((asked.json() as { message: string }).message).toContain(project.name);
    expect((await t.app.inject({ url: '/api/admin/home-ownership/leads', headers: visitor })).statusCode).toBe(403);
    const leads = (await t.app.inject({ url: '/api/admin/home-ownership/leads', headers: editor })).json() as {
      content: { name: string; phoneNumber: string; projectName: string; language: string }[];
    };
    expect(leads.content[0]).toMatchObject({ name: 'Wei Ling', phoneNumber: '+60123456789', projectName: project.name, language: 'zh' });
  });

  it('seeds again without duplicating anything or overwriting an editor’s words, and puts the Saturday clinic on a Saturday', async () => {
    const entry = (await t.app.inject({ url: '/api/content/keys/about?language=en' })).json() as ContentPage;
    const edited = (await t.app.inject({ url: `/api/admin/content/${entry.id}`, headers: editor })).json() as AdminContentEntry;
    edited.draft.en.title = 'About us, as the editor wrote it';
    const { id: _id, draft, ...settings } = edited;
    const input = { kind: settings.kind, audience: settings.audience, areaSlug: settings.areaSlug, coverKey: settings.coverKey, translations: draft };
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/content/${entry.id}`, payload: input, headers: editor })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/admin/content/${entry.id}/publish`, headers: editor });
    const before = (await t.database.db.select({ n: count() }).from(contentEntries))[0]!.n;

    await t.database.db.delete(meta).where(eq(meta.key, 'content_version'));
    expect(await seedContent(t.database.db, new LocalDiskStore(t.config.mediaDir))).toBe(true);
    expect((await t.database.db.select({ n: count() }).from(contentEntries))[0]!.n).toBe(before);
    expect(((await t.app.inject({ url: '/api/content/keys/about?language=en' })).json() as ContentPage).title).toBe(
      'About us, as the editor wrote it',
    );

    const clinic = (await t.app.inject({ url: '/api/content/keys/event-landlord-clinic' })).json() as ContentPage;
    // 10 AM in Malaysia is 02:00 UTC on the same day.
    expect(new Date(clinic.startsAt!).getUTCDay()).toBe(6);
    expect(new Date(clinic.startsAt!).getUTCHours()).toBe(2);
  });
});
