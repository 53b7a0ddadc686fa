import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { areas, properties } from '@kunci/db/schema';
import { jsonLdOf, validateJsonLd } from '../../../../test/schema-org.ts';
import { createTestApp, type TestApp } from '../../test/support.ts';
import { isLive } from '../lib/listing-card.repository.ts';

/** What search engines read: descriptions, structured data, sitemaps and canonical redirects. Needs the web build. */
describe('pages for search engines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ web: true, env: { PUBLIC_URL: 'https://kunci.test' } });
    if (!existsSync(join(t.config.webBuildDir, 'server', 'index.js'))) throw new Error('web build missing: run `npm run build` first');
  });
  afterAll(() => t.close());

  const page = (url: string) => t.app.inject({ url });
  const metaDescription = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  const live = isLive();

  /** One live listing of every listing type and kind of home the demo data has. */
  const sampleListings = async () => {
    const rows = await t.database.db
      .selectDistinctOn([properties.type, properties.category], { id: properties.id, type: properties.type, category: properties.category })
      .from(properties)
      .where(live)
      .orderBy(properties.type, properties.category, properties.id);
    expect(rows.length).toBeGreaterThanOrEqual(7);
    return rows;
  };

  it('gives every kind of listing page valid schema.org data, in every language', async () => {
    for (const { id, type, category } of await sampleListings()) {
      for (const url of [`/details/${id}`, `/my/iklan/${id}`, `/zh/guanggao/${id}`]) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        const documents = jsonLdOf(res.body);
        expect(documents, url).toHaveLength(1);
        expect(validateJsonLd(documents[0]), `${url} (${type} ${category})`).toEqual([]);
        expect(documents[0], url).toMatchObject({ '@type': 'RealEstateListing', offers: { '@type': 'Offer', priceCurrency: 'MYR' } });
        if (!type.endsWith('_SALE')) {
          expect(documents[0], url).toMatchObject({ offers: { priceSpecification: { '@type': 'UnitPriceSpecification', unitCode: 'MON' } } });
        }
      }
    }
  });

  it('describes a listing in the page’s language, not in the owner’s words', async () => {
    const [row] = await t.database.db
      .select({ id: properties.id, description: properties.description, bedroom: properties.bedroom, area: areas.nameMs })
      .from(properties)
      .innerJoin(areas, eq(areas.id, properties.areaId))
      .where(and(live, eq(properties.type, 'HIGHRISE'), eq(properties.category, 'condo'), sql`${properties.bedroom} >= 2`))
      .limit(1);
    const ms = await page(`/my/iklan/${row!.id}`);
    const description = metaDescription(ms.body)!;
    expect(description).toMatch(new RegExp(`^Kondo untuk disewa di ${row!.area}: ${row!.bedroom} bilik tidur, .*RM.* / bulan\\. Tanpa deposit`));
    expect(ms.body).toContain(`<meta property="og:description" content="${description}"`);
    expect(description).not.toContain(row!.description.slice(0, 40));
    const zh = metaDescription((await page(`/zh/guanggao/${row!.id}`)).body)!;
    expect(zh).toMatch(/共管公寓出租：.*间卧室.*RM.*\/ 月。Kunci 零押金/);
    const en = metaDescription((await page(`/details/${row!.id}`)).body)!;
    expect(en).toMatch(/^Condo for rent in .+: \d+ bedrooms, .*RM.* \/ month\. Zero deposit/);
  });

  it('gives the home page Organization and WebSite data with a search action', async () => {
    for (const [url, search] of [
      ['/', 'https://kunci.test/rent?category=PROPERTY&q={search_term_string}'],
      ['/my', 'https://kunci.test/my/sewa?category=PROPERTY&q={search_term_string}'],
    ] as const) {
      const documents = jsonLdOf((await page(url)).body);
      expect(documents, url).toHaveLength(1);
      expect(validateJsonLd(documents[0]), url).toEqual([]);
      const graph = (documents[0] as { '@graph': { '@type': string }[] })['@graph'];
      expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'WebSite']);
      expect(graph[1]).toMatchObject({ potentialAction: { '@type': 'SearchAction', target: { urlTemplate: search } } });
    }
  });

  it('keeps results pages without homes out of the sitemaps and out of the index', async () => {
    const counts = (await (await t.app.inject({ url: '/api/sitemap/pages' })).json()) as {
      rentals: { areaSlug: string; category: string; listings: number }[];
    };
    const types = ['studio', 'apartment', 'condo', 'room', 'house', 'terrace', 'highrise'];
    const allAreas = await t.database.db.select({ slug: areas.slug }).from(areas);
    const has = new Set(counts.rentals.map((r) => `${r.areaSlug}/${r.category}`));
    const empty = allAreas
      .flatMap((a) => types.map((type) => `${a.slug}/${type}`))
      .filter((key) => !has.has(key) && !key.startsWith('kuala-lumpur/'));
    const full = counts.rentals.find((r) => r.areaSlug !== 'kuala-lumpur')!;
    expect(empty.length).toBeGreaterThan(0);

    const sitemap = (await page('/my/sitemap.xml?part=pages')).body;
    expect(sitemap).toContain(`<loc>https://kunci.test/my/sewa/${full.areaSlug}/${full.category}</loc>`);
    for (const key of empty) expect(sitemap, key).not.toContain(`<loc>https://kunci.test/my/sewa/${key}</loc>`);
    // Each entry names its alternates and x-default.
    expect(sitemap).toContain(
      `<loc>https://kunci.test/my/sewa/${full.areaSlug}/${full.category}</loc><xhtml:link rel="alternate" hreflang="en" href="https://kunci.test/rent/${full.areaSlug}/${full.category}"/>`,
    );
    expect(sitemap).toContain(`hreflang="x-default" href="https://kunci.test/rent/${full.areaSlug}/${full.category}"/></url>`);
    const listings = (await page('/sitemap.xml?part=listings-0')).body;
    expect(listings).toMatch(/hreflang="x-default" href="https:\/\/kunci\.test\/details\/\d+"\/><\/url>/);

    const human = (await page('/sitemap')).body;
    expect(human).toContain(`href="/rent/${full.areaSlug}/${full.category}"`);
    for (const key of empty) expect(human, key).not.toContain(`href="/rent/${key}"`);

    const emptyPage = await page(`/rent/${empty[0]}`);
    expect(emptyPage.statusCode).toBe(200);
    expect(emptyPage.body).toContain('<meta name="robots" content="noindex"');
    const fullPage = await page(`/rent/${full.areaSlug}/${full.category}`);
    expect(fullPage.body).not.toContain('content="noindex"');
  });

  it('redirects spellings without their prefix, and capitals, to the canonical localized path', async () => {
    const [row] = await t.database.db.select({ id: properties.id }).from(properties).where(live).limit(1);
    const id = row!.id;
    for (const [from, to] of [
      ['/sewa/bangsar', '/my/sewa/bangsar'],
      ['/sewa/bangsar/condo?page=2', '/my/sewa/bangsar/condo?page=2'],
      ['/beli', '/my/beli'],
      [`/iklan/${id}`, `/my/iklan/${id}`],
      [`/guanggao/${id}`, `/zh/guanggao/${id}`],
      ['/MY/sewa/bangsar', '/my/sewa/bangsar'],
      ['/ZH/rent/bangsar', '/zh/rent/bangsar'],
      ['/ZH', '/zh'],
      ['/rent/Bangsar', '/rent/bangsar'],
      ['/my/sewa/Bangsar/Condo', '/my/sewa/bangsar/condo'],
    ]) {
      const res = await page(from!);
      expect([301, 308], from).toContain(res.statusCode);
      expect(res.headers.location, from).toBe(to);
    }
  });
});
