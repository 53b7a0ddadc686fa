import type { ContentInput } from '@kunci/contracts/content';
import { contentEntries, contentTranslations } from '@kunci/db/schema';
import { everyone, staffOnly, type Row } from '../authorization-matrix.ts';
import type { TestApp } from '../support.ts';

let drafts = 0;
/** A complete draft in three languages; each call gets its own slugs. */
function draft(): ContentInput {
  const n = `${process.pid}-${++drafts}`;
  const words = (lang: string) => ({
    slug: `matrix-${lang}-${n}`,
    title: `Matrix entry ${lang}`,
    description: `A draft the authorization matrix makes (${lang}).`,
    body: `## Heading\n\nA paragraph long enough for the body (${lang}).`,
  });
  return { kind: 'POST', translations: { en: words('en'), ms: words('ms'), zh: words('zh') } };
}

/** A saved draft of its own for a row that changes it. */
async function savedDraft(t: TestApp): Promise<{ id: number }> {
  const input = draft();
  const [row] = await t.database.db.insert(contentEntries).values({ kind: 'POST' }).returning({ id: contentEntries.id });
  await t.database.db
    .insert(contentTranslations)
    .values(
      (['en', 'ms', 'zh'] as const).map((language) => ({ entryId: row!.id, stage: 'draft' as const, language, ...input.translations[language] })),
    );
  return { id: row!.id };
}

const editors = (status: number) => staffOnly(['editor'], status);
const staff = (status: number) => staffOnly(['moderator', 'operations', 'editor'], status);

/** Authorization matrix rows for the content area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const contentRows: Row[] = [
  { route: 'GET /api/content', request: () => ({ url: '/api/content?kind=GUIDE' }), expect: everyone(200) },
  { route: 'GET /api/content/keys/{key}', request: () => ({ url: '/api/content/keys/tenant-basics?language=ms' }), expect: everyone(200) },
  {
    route: 'GET /api/content/keys/{key} (?preview: editors only)',
    request: () => ({ url: '/api/content/keys/tenant-basics?preview=true' }),
    expect: editors(200),
  },
  { route: 'GET /api/content/{kind}/{slug}', request: () => ({ url: '/api/content/FAQ/bangsar?language=zh' }), expect: everyone(200) },
  {
    route: 'POST /api/contact-messages',
    request: () => ({
      method: 'POST',
      url: '/api/contact-messages',
      payload: { name: 'Matrix', email: 'matrix@example.my', topic: 'GENERAL', message: 'A question from the matrix.' },
    }),
    expect: everyone(201),
  },
  { route: 'GET /api/admin/contact-messages', request: () => ({ url: '/api/admin/contact-messages' }), expect: staff(200) },
  {
    route: 'POST /api/admin/contact-messages/{id}/handled',
    setup: async (t) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        payload: { name: 'Matrix', email: 'matrix@example.my', topic: 'GENERAL', message: 'A question from the matrix.' },
      });
      return { id: (res.json() as { id: number }).id };
    },
    request: (_c, f) => ({ method: 'POST', url: `/api/admin/contact-messages/${f['id']}/handled` }),
    expect: staff(204),
  },
  { route: 'GET /api/admin/content', request: () => ({ url: '/api/admin/content?kind=GUIDE' }), expect: editors(200) },
  { route: 'POST /api/admin/content', request: () => ({ method: 'POST', url: '/api/admin/content', payload: draft() }), expect: editors(201) },
  { route: 'GET /api/admin/content/{id}', setup: savedDraft, request: (_c, f) => ({ url: `/api/admin/content/${f['id']}` }), expect: editors(200) },
  {
    route: 'PUT /api/admin/content/{id}',
    setup: savedDraft,
    request: (_c, f) => ({ method: 'PUT', url: `/api/admin/content/${f['id']}`, payload: draft() }),
    expect: editors(200),
  },
  {
    route: 'POST /api/admin/content/{id}/publish',
    setup: savedDraft,
    request: (_c, f) => ({ method: 'POST', url: `/api/admin/content/${f['id']}/publish` }),
    expect: editors(200),
  },
  {
    route: 'POST /api/admin/content/{id}/unpublish',
    setup: savedDraft,
    request: (_c, f) => ({ method: 'POST', url: `/api/admin/content/${f['id']}/unpublish` }),
    expect: editors(200),
  },
  {
    // Refused before the body is read for anyone but editors; editors sending no picture get 422.
    route: 'POST /api/admin/content/images',
    request: () => ({
      method: 'POST',
      url: '/api/admin/content/images',
      payload: Buffer.from('not a picture') as unknown as object,
      headers: { 'content-type': 'image/jpeg' },
    }),
    expect: editors(422),
  },
  { route: 'GET /api/home-ownership/projects', request: () => ({ url: '/api/home-ownership/projects' }), expect: everyone(200) },
  {
    route: 'GET /api/home-ownership/projects/{id}',
    setup: firstProject,
    request: (_c, f) => ({ url: `/api/home-ownership/projects/${f['id']}?language=ms` }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/home-ownership/projects/{id}/brochure.pdf',
    setup: firstProject,
    request: (_c, f) => ({ url: `/api/home-ownership/projects/${f['id']}/brochure.pdf?language=zh` }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/home-ownership/projects/{id}/leads',
    setup: firstProject,
    request: (_c, f) => ({
      method: 'POST',
      url: `/api/home-ownership/projects/${f['id']}/leads`,
      payload: { name: 'Matrix', phoneNo: '0123456789' },
    }),
    expect: everyone(201),
  },
  { route: 'GET /api/admin/home-ownership/leads', request: () => ({ url: '/api/admin/home-ownership/leads' }), expect: staff(200) },
];

async function firstProject(t: TestApp) {
  const res = await t.app.inject({ url: '/api/home-ownership/projects' });
  return { id: (res.json() as { content: { id: number }[] }).content[0]!.id };
}
