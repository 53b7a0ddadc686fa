import { describe, expect, it } from 'vitest';
import type { ContentPage } from '@kunci/contracts/content';
import { validateJsonLd } from '../../../../../test/schema-org.ts';
import { contentJsonLd } from './json-ld.ts';
import { faqPairs, parseMarkdown } from './markdown.ts';

const page = (changes: Partial<ContentPage>): ContentPage => ({
  id: 1,
  kind: 'POST',
  key: null,
  audience: null,
  areaSlug: null,
  language: 'ms',
  slug: 'lima-tanda-penipuan-sewa',
  slugs: { en: 'five-signs', ms: 'lima-tanda-penipuan-sewa', zh: 'zhapian' },
  title: 'Lima tanda penipuan sewa',
  description: 'Tanda-tanda amaran dan cara untuk kekal selamat.',
  cover: '/media/demo/photo-16/{w}.webp',
  startsAt: null,
  endsAt: null,
  venue: null,
  publishedAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-21T02:00:00.000Z',
  body: '## Soalan\n\nJawapan.',
  ...changes,
});
const ld = (p: ContentPage, lang: 'en' | 'ms' | 'zh' = 'ms') =>
  contentJsonLd({
    page: p,
    blocks: parseMarkdown(p.body),
    lang,
    url: `https://kunci.my/my/learn/blog/${p.slug}`,
    publicUrl: 'https://kunci.my',
    siteName: 'Kunci',
  });

describe('content body format', () => {
  it('reads headings, paragraphs, lists, quotes, links and pictures', () => {
    const blocks = parseMarkdown(
      '## Sebelum membuka barang\n\nAmbil **foto** setiap *dinding*, lihat [panduan](/my/learn/tenant-basics).\n\n- Satu\n- Dua\n\n1. Pertama\n2. Kedua\n\n> Jangan bayar deposit.\n\n![Dapur](/media/content/abc/1024.webp)',
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'quote', 'image']);
    expect(blocks[0]).toMatchObject({ level: 2, text: 'Sebelum membuka barang', id: 'sebelum-membuka-barang' });
    expect(blocks[1]).toMatchObject({
      children: [
        { type: 'text', text: 'Ambil ' },
        { type: 'strong', children: [{ type: 'text', text: 'foto' }] },
        { type: 'text', text: ' setiap ' },
        { type: 'em', children: [{ type: 'text', text: 'dinding' }] },
        { type: 'text', text: ', lihat ' },
        { type: 'link', href: '/my/learn/tenant-basics', children: [{ type: 'text', text: 'panduan' }] },
        { type: 'text', text: '.' },
      ],
    });
    expect(blocks[3]).toMatchObject({ ordered: true, items: [[{ text: 'Pertama' }], [{ text: 'Kedua' }]] });
    // Chinese headings get an anchor in their own script.
    expect(parseMarkdown('## 入住当天')[0]).toMatchObject({ id: '入住当天' });
  });

  it('never turns what an editor types into markup or a script link', () => {
    const blocks = parseMarkdown(
      'Klik <script>alert(1)</script> [sini](javascript:steal) atau [sana](//evil.example).\n\n![x](https://evil.example/p.png)',
    );
    // Tags stay text (React escapes them), unsafe links keep only their words, outside pictures are dropped.
    expect(blocks).toEqual([{ type: 'paragraph', children: [{ type: 'text', text: 'Klik <script>alert(1)</script> sini atau sana.' }] }]);
  });

  it('finds an FAQ’s questions and answers', () => {
    expect(faqPairs(parseMarkdown('## 真的不用付押金吗？\n\n是的。\n\n- 没有押金\n\n## 空的问题\n\n## 预订费？\n\n抵扣第一张账单。'))).toEqual([
      { question: '真的不用付押金吗？', answer: '是的。 没有押金' },
      { question: '预订费？', answer: '抵扣第一张账单。' },
    ]);
  });
});

describe('content structured data', () => {
  it('is a valid Article for a post, in the page’s language', () => {
    const data = ld(page({}));
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: 'Lima tanda penipuan sewa',
      inLanguage: 'ms',
      datePublished: '2026-11-20T02:00:00.000Z',
    });
    expect(validateJsonLd(data)).toEqual([]);
  });

  it('is a valid FAQPage for an FAQ, with each question answered', () => {
    const data = ld(
      page({
        kind: 'FAQ',
        title: '在孟沙租房：问与答',
        body: '## 交通方便吗？\n\n孟沙 LRT 站距离中央车站一站。\n\n## 租金多少？\n\n房间约 RM800 起。',
      }),
      'zh',
    );
    expect(data).toMatchObject({
      '@type': 'FAQPage',
      inLanguage: 'zh',
      mainEntity: [
        { '@type': 'Question', name: '交通方便吗？', acceptedAnswer: { '@type': 'Answer', text: '孟沙 LRT 站距离中央车站一站。' } },
        { '@type': 'Question', name: '租金多少？' },
      ],
    });
    expect(validateJsonLd(data)).toEqual([]);
  });

  it('is a valid Event, online or at a place', () => {
    const atPlace = ld(
      page({ kind: 'EVENT', startsAt: '2026-12-12T02:00:00.000Z', endsAt: '2026-12-12T05:00:00.000Z', venue: 'Kunci office, Bangsar South' }),
      'en',
    );
    expect(atPlace).toMatchObject({ '@type': 'Event', location: { '@type': 'Place', name: 'Kunci office, Bangsar South' } });
    expect(validateJsonLd(atPlace)).toEqual([]);
    const online = ld(page({ kind: 'EVENT', startsAt: '2026-12-26T12:00:00.000Z', venue: 'Online' }));
    expect(online).toMatchObject({ eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode', location: { '@type': 'VirtualLocation' } });
    expect(validateJsonLd(online)).toEqual([]);
  });
});
