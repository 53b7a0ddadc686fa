// Saved-search alerts benchmark (issue 22): 100,000 saved searches on PostgreSQL, 1,000 new listings approved.
// 1. Matching: each listing's saved searches found by the one matching statement; prints p50/p95/max per listing
//    (budget p95 <= 20 ms).
// 2. Exactly once: the 1,000 approvals queued as the approval path queues them, then run by two instances at once
//    (two job queues, each on its own connection pool, both handling matching and notice delivery). Checks that every
//    (person, listing) pair the statement finds through an instant search got one notice and one email, and nothing
//    else (a person whose several instant searches match a listing is told once).
// BENCH_SEARCHES, BENCH_LISTINGS change the sizes. Prints figures; exits 1 only when alerts were lost or doubled.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@kunci/db/client';
import { loadReferenceData } from '@kunci/db/reference/load';
import { areas, properties, propertyTypes, savedSearches, users } from '@kunci/db/schema';
import { createNotificationsRepository } from '../apps/server/src/features/notifications/notifications.repository.ts';
import { createNotificationsService } from '../apps/server/src/features/notifications/notifications.service.ts';
import { createSavedSearchesRepository } from '../apps/server/src/features/saved-searches/saved-searches.repository.ts';
import { createSavedSearchesService, matchNoticeKey } from '../apps/server/src/features/saved-searches/saved-searches.service.ts';
import { createJobQueue } from '../apps/server/src/lib/jobs/jobs.service.ts';
import { createMessenger } from '../apps/server/src/plugins/messaging.ts';
import { createOutboxRepository } from '../apps/server/src/plugins/messaging.repository.ts';
import { scratch } from './scratch.ts';

const SEARCHES = Number(process.env['BENCH_SEARCHES'] ?? 100_000);
const LISTINGS = Number(process.env['BENCH_LISTINGS'] ?? 1000);
const PEOPLE = Math.ceil(SEARCHES / 5);
/** The share of instant searches (each of their matches is a notice and an email; the others wait for digests). */
const INSTANT = Number(process.env['BENCH_INSTANT_SHARE'] ?? 0.01);

/** A small deterministic generator, so runs compare. */
let seed = 22;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const run = await scratch('saved_searches', { redis: false });
const handles: DatabaseHandle[] = [];
let failed: boolean;
try {
  const main = await openDatabase({ url: run.databaseUrl, poolSize: 8 });
  handles.push(main);
  await main.migrate();
  await loadReferenceData(main.db);
  const { db } = main;
  const areaRows = await db.select({ id: areas.id, slug: areas.slug, lat: areas.lat, lng: areas.lng }).from(areas);
  const categories = (await db.select({ slug: propertyTypes.slug, type: propertyTypes.listingType }).from(propertyTypes)).filter((c) =>
    ['HIGHRISE', 'LANDED', 'ROOM'].includes(c.type),
  );

  // People with an email (a fifth of them Malay or Chinese readers), and their saved searches.
  const started = performance.now();
  const people: string[] = [];
  for (let i = 0; i < PEOPLE; i += 2000) {
    const batch = Array.from({ length: Math.min(2000, PEOPLE - i) }, (_, j) => ({
      phoneNumber: `+6018${String(i + j).padStart(7, '0')}`,
      name: `Saver ${i + j}`,
      email: `saver${i + j}@bench.example`,
      language: pick(['EN', 'EN', 'EN', 'MY', 'ZH']),
    }));
    people.push(...(await db.insert(users).values(batch).returning({ id: users.id })).map((u) => u.id));
  }
  const [owner] = await db.insert(users).values({ phoneNumber: '+60179999999', name: 'Bench landlord' }).returning({ id: users.id });
  // Searches as people make them: nearly all in one area (3% anywhere), mostly a type, a top price, often rooms;
  // 1% instant (BENCH_INSTANT_SHARE), the rest daily or weekly.
  // 2,000 rows a statement: PostgreSQL takes at most 65,535 parameters in one, and each row has 14.
  for (let i = 0; i < SEARCHES; i += 2000) {
    const batch = Array.from({ length: Math.min(2000, SEARCHES - i) }, (_, j) => {
      const area = random() < 0.03 ? null : pick(areaRows);
      const category = random() < 0.8 ? pick(categories).slug : null;
      const max = random() < 0.9 ? 1000 + Math.floor(random() * 40) * 100 : null;
      const min = max && random() < 0.3 ? max - 1000 : null;
      const bedrooms = random() < 0.6 ? 1 + Math.floor(random() * 3) : null;
      return {
        userId: people[(i + j) % people.length]!,
        name: `Search ${i + j}`,
        query: { purpose: 'rent', ...(area ? { loc: area.slug } : {}), ...(category ? { propertyType: category } : {}) },
        frequency: random() < INSTANT ? ('INSTANT' as const) : pick(['DAILY', 'WEEKLY'] as const),
        types: ['HIGHRISE', 'LANDED', 'ROOM'],
        areaId: area?.id ?? null,
        categories: category ? [category] : null,
        minPrice: min,
        maxPrice: max,
        bedrooms,
        furnishTypes: random() < 0.2 ? ['FULL'] : null,
        // Some ask for "Special offers" or "Instant view": the match then looks up the listing's promotions and keys.
        specialOffer: random() < 0.05 ? true : null,
        instantView: random() < 0.05 ? true : null,
        paused: random() < 0.05,
      };
    });
    await db.insert(savedSearches).values(batch);
  }
  // The new listings, waiting for review.
  const listingIds: number[] = [];
  for (let i = 0; i < LISTINGS; i += 500) {
    const batch = Array.from({ length: Math.min(500, LISTINGS - i) }, (_, j) => {
      const area = pick(areaRows);
      const category = pick(categories);
      return {
        ownerId: owner!.id,
        areaId: area.id,
        type: category.type,
        category: category.slug,
        name: `Bench Residence ${i + j}`,
        address: `Jalan Bench ${i + j}`,
        postcode: '59100',
        lat: area.lat + (random() - 0.5) * 0.01,
        lng: area.lng + (random() - 0.5) * 0.01,
        price: 800 + Math.floor(random() * 45) * 100,
        bedroom: category.type === 'ROOM' ? null : 1 + Math.floor(random() * 4),
        bathroom: 1,
        furnishType: pick(['NONE', 'PARTIAL', 'FULL']),
        status: 'ACTIVE' as const,
        active: true,
        reviewStatus: 'PENDING' as const,
        expiresAt: new Date(Date.now() + 60 * 86_400_000),
      };
    });
    listingIds.push(...(await db.insert(properties).values(batch).returning({ id: properties.id })).map((p) => p.id));
  }
  // As autovacuum leaves a table that took many rows: statistics fresh, visibility map set (index-only scans).
  await db.execute(sql`vacuum analyze`);
  console.log(
    `saved searches: ${SEARCHES} searches of ${PEOPLE} people, ${LISTINGS} listings, set up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // 1. Matching time per listing (approved first: matching looks at what the listing is, not its state).
  await db
    .update(properties)
    .set({ reviewStatus: 'APPROVED', reviewedAt: new Date() })
    .where(sql`${properties.id} in ${listingIds}`);
  const repository = createSavedSearchesRepository(db);
  for (const id of listingIds.slice(0, 20)) await repository.matchingIds(id); // warm the plan and the cache
  const times: number[] = [];
  const expected = new Map<number, number[]>();
  for (const id of listingIds) {
    const t0 = performance.now();
    const found = await repository.matchingIds(id);
    times.push(performance.now() - t0);
    expected.set(id, found);
  }
  times.sort((a, b) => a - b);
  const matchedTotal = [...expected.values()].reduce((sum, list) => sum + list.length, 0);
  console.log(
    `matching per listing: p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms ` +
      `(budget p95 <= 20 ms); ${(matchedTotal / LISTINGS).toFixed(1)} searches matched per listing; ` +
      `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );

  // 2. Two instances: the approvals queue their matching; both instances take jobs at once until none is left.
  await db
    .update(properties)
    .set({ reviewStatus: 'PENDING' })
    .where(sql`${properties.id} in ${listingIds}`);
  const log = pino({ level: 'error' });
  const instances = await Promise.all(
    [0, 1].map(async () => {
      const handle = await openDatabase({ url: run.databaseUrl, poolSize: 6 });
      handles.push(handle);
      const jobs = createJobQueue({ database: handle.db, log, concurrency: 4, random: () => 0 });
      const messenger = createMessenger({
        outbox: createOutboxRepository(handle.db),
        sms: { webhookUrl: undefined, webhookToken: undefined },
        email: { smtpUrl: undefined, from: 'bench@kunci.my' },
      });
      const notifications = createNotificationsService({
        repository: (transaction) => createNotificationsRepository(transaction ?? handle.db),
        jobs,
        hub: { publish: async () => undefined },
        messenger,
        secret: 'bench-secret-bench-secret-bench-secret',
        publicUrl: 'https://kunci.example',
        push: undefined,
        log,
      });
      const alerts = createSavedSearchesService({
        repository: createSavedSearchesRepository(handle.db),
        notifications,
        jobs,
        publicUrl: 'https://kunci.example',
        log,
      });
      return { jobs, alerts };
    }),
  );
  // As the approval path does: queue the matching (due a minute later, in case the instance stops), commit the
  // approval, then bring the matching forward to now.
  for (const id of listingIds) {
    const { alerts } = instances[id % 2]!;
    await alerts.approving(id);
    await db
      .update(properties)
      .set({ reviewStatus: 'APPROVED', reviewedAt: new Date() })
      .where(sql`${properties.id} = ${id}`);
    await alerts.approved(id);
  }
  const t0 = performance.now();
  const ran = [0, 0];
  for (;;) {
    const done = await Promise.all(instances.map(({ jobs }) => jobs.runOnce()));
    done.forEach((n, i) => (ran[i]! += n));
    if (done.every((n) => n === 0)) break;
  }
  const seconds = (performance.now() - t0) / 1000;

  // One instant notice per person and listing, however many of their instant searches it matches.
  const instantOwners = new Map(
    (
      await db
        .select({ id: savedSearches.id, userId: savedSearches.userId })
        .from(savedSearches)
        .where(sql`frequency = 'INSTANT' and not paused`)
    ).map((s) => [s.id, s.userId]),
  );
  const expectedPairs = new Set<string>();
  for (const [listing, searches] of expected)
    for (const search of searches) {
      const owner = instantOwners.get(search);
      if (owner) expectedPairs.add(matchNoticeKey(owner, listing));
    }
  const rows = async (query: string) => ((await main.raw(query, [])) as { rows: Record<string, unknown>[] }).rows;
  const noticeKeys = (await rows(`select key from notices where key like 'saved-searches:listing:%'`)).map((r) => String(r['key']));
  const missing = [...expectedPairs].filter((key) => !noticeKeys.includes(key));
  const unexpected = noticeKeys.filter((key) => !expectedPairs.has(key));
  const [emails] = await rows(`select count(*)::int as n, count(distinct (recipient, subject, body))::int as distinct_n from (
      select "to" as recipient, subject, body from outbox_messages where channel = 'email') e`);
  const [deliveries] = await rows(
    `select count(*)::int as n, count(*) filter (where sent_at is not null)::int as sent from notice_deliveries where channel = 'email'`,
  );
  const [hits] = await rows(`select count(*)::int as n, count(distinct (saved_search_id, property_id))::int as distinct_n from saved_search_hits`);
  console.log(
    `two instances: ${ran[0]} + ${ran[1]} jobs in ${seconds.toFixed(1)} s; ${expectedPairs.size} instant alerts expected, ${noticeKeys.length} notices ` +
      `(${missing.length} missing, ${unexpected.length} unexpected), ${emails!['n']} emails (${emails!['distinct_n']} distinct), ` +
      `${deliveries!['sent']} email deliveries recorded; ${hits!['n']} listings recorded for searches (${hits!['distinct_n']} distinct pairs; expected ${matchedTotal})`,
  );
  const once =
    missing.length === 0 &&
    unexpected.length === 0 &&
    emails!['n'] === expectedPairs.size &&
    emails!['distinct_n'] === expectedPairs.size &&
    hits!['n'] === matchedTotal;
  console.log(once ? 'every expected alert sent exactly once' : 'ALERTS LOST OR DOUBLED');
  failed = !once;
} finally {
  for (const handle of handles) await handle.close().catch(() => undefined);
  await run.drop();
}
process.exit(failed ? 1 : 0);
