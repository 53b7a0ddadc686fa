import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { properties } from '@kunci/db/schema';
import { BUSINESS } from '@kunci/contracts/business';
import { CATALOGUES } from '@kunci/i18n/messages';
import type { KeyCollection } from '@kunci/contracts/homerunner';
import { createTestApp, type TestApp } from '../../../../test/support.ts';
import { servicesFixtures } from '../test-helpers.ts';
import { checkPickup, checkReturn, formatKeyDateTime, parseKeyDateTime } from './homerunner.service.ts';

const rules = BUSINESS.homerunner;
let t: TestApp;
const f = servicesFixtures(() => t);

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_SECRET: 'h'.repeat(40), RATE_LIMIT_MAX: '100000' } });
});
afterAll(() => t.close());

/** `days` from now at `hour`:00, Malaysia time, in the spec's form. */
const at = (days: number, hour: number) =>
  `${new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}-00`;

describe('key times', () => {
  it('reads and writes the spec’s form with dashes, Malaysia time', () => {
    expect(parseKeyDateTime('2026-11-27 10-00')?.toISOString()).toBe('2026-11-27T02:00:00.000Z');
    expect(formatKeyDateTime(new Date('2026-11-27T02:00:00.000Z'))).toBe('2026-11-27 10-00');
    expect(parseKeyDateTime('2026/11/27 10:00')).toBeNull();
    expect(parseKeyDateTime('2026-02-30 10-00')).toBeNull();
  });

  it.each([
    ['2026-11-27 10-00', 'ok'],
    ['2026-11-27 09-00', 'ok'],
    ['2026-11-27 20-00', 'ok'],
    ['2026-11-27 21-00', 'hours'],
    ['2026-11-27 08-00', 'hours'],
    ['2026-11-27 10-30', 'hours'],
    ['2026-11-26 10-00', 'past'],
    ['2027-01-05 10-00', 'far'],
  ])('a pickup at %s is %s (asked on 2026-11-26 12:00)', (when, expected) => {
    expect(checkPickup(parseKeyDateTime(when)!, new Date('2026-11-26T04:00:00.000Z'))).toBe(expected);
  });

  it.each([
    ['2026-11-27 12-00', 'ok'], // exactly 24 hours
    ['2026-11-27 11-00', 'notice'],
    ['2026-11-28 21-00', 'hours'],
  ])('keys back at %s: %s (asked on 2026-11-26 12:00)', (when, expected) => {
    expect(checkReturn(parseKeyDateTime(when)!, new Date('2026-11-26T04:00:00.000Z'))).toBe(expected);
  });
});

describe('key-collection messages', () => {
  const keys = ['services.homerunner.limit', 'services.homerunner.hours', 'services.homerunner.far', 'services.homerunner.notice'] as const;
  it.each(['en', 'ms', 'zh'] as const)('%s: name no business number of their own (they come from the settings)', (lang) => {
    for (const key of keys) expect(CATALOGUES[lang][key], key).not.toMatch(/\d/);
  });

  it.each([
    ['ms', 'Beri notis sekurang-kurangnya'],
    ['zh', '取回钥匙需至少提前'],
  ])('a return too soon is refused in %s with the notice from the settings', async (lang, words) => {
    const landlord = await f.person(`Landlord ${lang}`);
    const propertyId = await f.listing(landlord.id);
    await t.database.db.update(properties).set({ postcode: '47400' }).where(eq(properties.id, propertyId));
    await t.app.inject({ method: 'POST', url: `/api/property/key/${propertyId}/list`, headers: landlord.headers });
    await t.database.raw(`update key_collections set status = 'COLLECTED' where property_id = $1`, [propertyId]);
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/api/homerunner/key/return',
      payload: { propertyId, returnDateTime: at(0, 23) },
      headers: { ...landlord.headers, 'accept-language': lang },
    });
    expect(answer.statusCode).toBe(422);
    const { message } = answer.json() as { message: string };
    expect(message).toContain(words);
    expect(message).toContain(String(rules.returnNoticeHours));
  });
});

describe('home runner', () => {
  const cover = (postcode: string) => t.app.inject({ method: 'POST', url: '/api/homerunner/area-cover', payload: { postcode } });

  it.each([
    ['47400', true, 'Petaling Jaya'],
    ['50450', true, 'Kuala Lumpur'],
    ['62000', true, 'Putrajaya'],
    ['43000', true, 'Kajang'],
    ['80000', false, 'Johor Bahru'],
    ['01000', false, 'Kangar'],
  ])('area cover of %s: %s (%s)', async (postcode, covered, city) => {
    const answer = await cover(postcode);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ postcode, covered, known: true, city });
  });

  it('refuses a postcode that lost its leading zero, and says an unknown one is not covered', async () => {
    const short = await cover('1000');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ message: expect.any(String) });
    expect((await cover('00001')).json()).toMatchObject({ covered: false, known: false, city: null });
  });

  it('a Petaling Jaya landlord lists the key, books tomorrow 10-00, staff collect it, the keys come back with 24 hours’ notice, twice at most', async () => {
    const landlord = await f.person('Landlord Yap');
    const staff = await f.person('Ops Nadia', { role: 'operations' });
    const propertyId = await f.listing(landlord.id);
    await t.database.db.update(properties).set({ postcode: '47400' }).where(eq(properties.id, propertyId));
    const list = () => t.app.inject({ method: 'POST', url: `/api/property/key/${propertyId}/list`, headers: landlord.headers });
    const pickup = (pickupDateTime: string) =>
      t.app.inject({ method: 'PUT', url: '/api/homerunner/key', payload: { propertyId, pickupDateTime }, headers: landlord.headers });
    const staffDoes = (id: string, body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/services/keys/${id}`, payload: body, headers: staff.headers });

    expect((await pickup(at(1, 10))).statusCode).toBe(409); // not listed yet
    const listed = await list();
    expect(listed.statusCode).toBe(201);
    const collection = listed.json() as KeyCollection;
    expect(collection).toMatchObject({ status: 'LISTED', collections: 1, maxCollections: 2 });
    expect((await list()).statusCode).toBe(200); // the open one again

    expect((await pickup(at(1, 10).replaceAll('-', '/'))).statusCode).toBe(422); // slashes
    expect((await pickup(at(1, 22))).json()).toMatchObject({
      message: `Choose a time on the hour between ${String(rules.firstHour).padStart(2, '0')}:00 and ${String(rules.lastHour).padStart(2, '0')}:00.`,
    });
    const booked = await pickup(at(1, 10));
    expect(booked.json()).toMatchObject({ status: 'SCHEDULED', pickupDateTime: at(1, 10) });

    // Staff see it on their list, assign a runner and mark the keys collected; others may not.
    expect((await t.app.inject({ url: '/api/admin/services/keys', headers: landlord.headers })).statusCode).toBe(403);
    const work = (await t.app.inject({ url: '/api/admin/services/keys', headers: staff.headers })).json() as {
      content: (KeyCollection & { ownerName: string })[];
    };
    expect(work.content.find((row) => row.id === collection.id)).toMatchObject({ ownerName: 'Landlord Yap', pickupDateTime: at(1, 10) });
    expect((await staffDoes(collection.id, { action: 'RETURNED' })).statusCode).toBe(409);
    const runner = await t.app.inject({
      method: 'POST',
      url: '/api/admin/services/runners',
      payload: { name: 'Runner Hafiz', phone: '012-345 6789' },
      headers: staff.headers,
    });
    expect(runner.statusCode).toBe(201);
    expect(runner.json()).toMatchObject({ name: 'Runner Hafiz', phone: '+60123456789', active: true });
    expect((await staffDoes(collection.id, { action: 'ASSIGN', runnerId: (runner.json() as { id: number }).id })).json()).toMatchObject({
      status: 'ASSIGNED',
      runnerName: 'Runner Hafiz',
    });
    expect((await staffDoes(collection.id, { action: 'COLLECTED' })).json()).toMatchObject({ status: 'COLLECTED' });

    // The keys back: not with less than 24 hours' notice.
    const back = (returnDateTime: string) =>
      t.app.inject({ method: 'PUT', url: '/api/homerunner/key/return', payload: { propertyId, returnDateTime }, headers: landlord.headers });
    const tooSoon = await back(at(0, 23));
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json()).toMatchObject({ message: `Give at least ${rules.returnNoticeHours} hours’ notice to have the keys back.` });
    expect((await back(at(2, 10))).json()).toMatchObject({ status: 'RETURN_REQUESTED', returnDateTime: at(2, 10) });
    expect((await staffDoes(collection.id, { action: 'RETURNED' })).json()).toMatchObject({ status: 'RETURNED' });

    // A second collection, then no third.
    const second = await list();
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ collections: 2 });
    await staffDoes((second.json() as KeyCollection).id, { action: 'COLLECTED' }).then((answer) => expect(answer.statusCode).toBe(409)); // not booked yet
    await pickup(at(1, 11));
    await staffDoes((second.json() as KeyCollection).id, { action: 'COLLECTED' });
    await back(at(3, 9));
    await staffDoes((second.json() as KeyCollection).id, { action: 'RETURNED' });
    const third = await list();
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ message: `This listing has had its ${rules.maxCollectionsPerListing} key collections.` });
  });

  it('tells a Johor Bahru landlord the service does not cover the area, and keeps others off a listing', async () => {
    const landlord = await f.person('Landlord Johor');
    const other = await f.person('Someone Else');
    const propertyId = await f.listing(landlord.id);
    await t.database.db.update(properties).set({ postcode: '80000' }).where(eq(properties.id, propertyId));
    const refused = await t.app.inject({ method: 'POST', url: `/api/property/key/${propertyId}/list`, headers: landlord.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Our home runners do not cover this area yet: key collection is for the Klang Valley only.' });
    expect((await t.app.inject({ method: 'POST', url: `/api/property/key/${propertyId}/list`, headers: other.headers })).statusCode).toBe(403);
  });
});

describe('back office: runners and key steps', () => {
  it('operations manage runners; each step is audit-logged, told to the landlord, and collected/returned remake the listing pages', async () => {
    const landlord = await f.person('Landlord Ong');
    const staff = await f.person('Ops Kumar', { role: 'operations' });
    const moderator = await f.person('Mod Lee', { role: 'moderator' });
    const propertyId = await f.listing(landlord.id);
    await t.database.db.update(properties).set({ postcode: '47400' }).where(eq(properties.id, propertyId));
    const asStaff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = staff.headers) =>
      t.app.inject({ method, url, ...(payload ? { payload } : {}), headers });

    // Runners: added with a phone checked and kept in E.164, changed, stopped; moderators may not.
    expect((await asStaff('POST', '/api/admin/services/runners', { name: 'Runner Siti', phone: '0123' })).statusCode).toBe(422);
    expect((await asStaff('POST', '/api/admin/services/runners', { name: 'X Y', phone: '0123456789' }, moderator.headers)).statusCode).toBe(403);
    const siti = (await asStaff('POST', '/api/admin/services/runners', { name: 'Runner Siti', phone: '+60 12-300 4000' })).json() as { id: number };
    const stopped = (await asStaff('POST', '/api/admin/services/runners', { name: 'Runner Gone', phone: '0123004001' })).json() as { id: number };
    expect(
      (await asStaff('PUT', `/api/admin/services/runners/${stopped.id}`, { name: 'Runner Gone', phone: '0123004001', active: false })).json(),
    ).toMatchObject({ active: false });
    const runners = (await asStaff('GET', '/api/admin/services/runners')).json() as { content: { id: number; phone: string; active: boolean }[] };
    expect(runners.content.find((r) => r.id === siti.id)).toMatchObject({ phone: '+60123004000', active: true });

    await t.app.inject({ method: 'POST', url: `/api/property/key/${propertyId}/list`, headers: landlord.headers });
    const booked = (
      await t.app.inject({ method: 'PUT', url: '/api/homerunner/key', payload: { propertyId, pickupDateTime: at(1, 10) }, headers: landlord.headers })
    ).json() as KeyCollection;

    // A stopped runner cannot be assigned; an active one can.
    const refused = await asStaff('PUT', `/api/admin/services/keys/${booked.id}`, { action: 'ASSIGN', runnerId: stopped.id });
    expect(refused.statusCode).toBe(422);
    const invalidate = vi.spyOn(t.app.pageCache, 'invalidate');
    expect((await asStaff('PUT', `/api/admin/services/keys/${booked.id}`, { action: 'ASSIGN', runnerId: siti.id })).json()).toMatchObject({
      status: 'ASSIGNED',
      runnerName: 'Runner Siti',
    });
    expect(invalidate).not.toHaveBeenCalled(); // an assignment changes no public page
    const list = (await asStaff('GET', '/api/admin/services/keys')).json() as { content: { id: string; runnerId: number | null }[] };
    expect(list.content.find((row) => row.id === booked.id)?.runnerId).toBe(siti.id);
    await asStaff('PUT', `/api/admin/services/keys/${booked.id}`, { action: 'COLLECTED' });
    expect(invalidate).toHaveBeenCalledWith(['listings']);
    invalidate.mockClear();
    await t.app.inject({
      method: 'PUT',
      url: '/api/homerunner/key/return',
      payload: { propertyId, returnDateTime: at(2, 10) },
      headers: landlord.headers,
    });
    await asStaff('PUT', `/api/admin/services/keys/${booked.id}`, { action: 'RETURNED' });
    expect(invalidate).toHaveBeenCalledWith(['listings']);
    invalidate.mockRestore();

    const audit = (await t.database.raw(
      `select action, actor_id, before->>'status' as before, after->>'status' as after from audit_log
        where target_type = 'key_collection' and target_id = $1 order by id`,
      [booked.id],
    )) as { rows: { action: string; actor_id: string; before: string; after: string }[] };
    expect(audit.rows).toEqual([
      { action: 'homerunner.assign', actor_id: staff.id, before: 'SCHEDULED', after: 'ASSIGNED' },
      { action: 'homerunner.collected', actor_id: staff.id, before: 'ASSIGNED', after: 'COLLECTED' },
      { action: 'homerunner.returned', actor_id: staff.id, before: 'RETURN_REQUESTED', after: 'RETURNED' },
    ]);
    const runnerAudit = (await t.database.raw(`select action from audit_log where target_type = 'home_runner' and target_id = $1`, [
      String(stopped.id),
    ])) as { rows: { action: string }[] };
    expect(runnerAudit.rows.map((row) => row.action).sort()).toEqual(['homerunner.runner.add', 'homerunner.runner.update']);

    const told = (await t.database.raw(`select type, params from notices where user_id = $1 order by id`, [landlord.id])) as {
      rows: { type: string; params: Record<string, string> }[];
    };
    expect(told.rows.map((row) => row.type)).toEqual(['homerunner.runner-assigned', 'homerunner.keys-collected', 'homerunner.keys-returned']);
    expect(told.rows[0]!.params).toMatchObject({ runner: 'Runner Siti', phone: '+60123004000', time: at(1, 10) });
  });
});

describe('Instant view', () => {
  it('a listing whose keys we hold has the badge and matches the filter, and its viewings are confirmed at once with the runner as host; keys back, both go', async () => {
    const landlord = await f.person('Landlord Tan');
    const tenant = await f.person('Tenant Aina');
    const staff = await f.person('Ops Wei', { role: 'operations' });
    const held = await f.listing(landlord.id);
    const plain = await f.listing(landlord.id);
    await t.database.db.update(properties).set({ postcode: '47400' }).where(eq(properties.id, held));
    const runner = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/services/runners',
        payload: { name: 'Runner Ali', phone: '0123004002' },
        headers: staff.headers,
      })
    ).json() as { id: number };
    const collection = (
      await t.app.inject({ method: 'POST', url: `/api/property/key/${held}/list`, headers: landlord.headers })
    ).json() as KeyCollection;
    await t.app.inject({
      method: 'PUT',
      url: '/api/homerunner/key',
      payload: { propertyId: held, pickupDateTime: at(1, 10) },
      headers: landlord.headers,
    });
    const step = (body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/services/keys/${collection.id}`, payload: body, headers: staff.headers });
    const detail = async (id: number) => (await t.app.inject({ url: `/api/properties/${id}` })).json() as { instantView?: boolean };
    const instantIds = async () => {
      const page = (await t.app.inject({ url: '/api/properties/search?instantView=true&pageSize=60' })).json() as {
        content: { id: number; instantView?: boolean }[];
      };
      return page.content;
    };

    // Booked and assigned is not yet held.
    await step({ action: 'ASSIGN', runnerId: runner.id });
    expect((await detail(held)).instantView).toBeUndefined();
    expect((await instantIds()).map((card) => card.id)).not.toContain(held);

    await step({ action: 'COLLECTED' });
    expect((await detail(held)).instantView).toBe(true);
    expect((await detail(plain)).instantView).toBeUndefined();
    const matches = await instantIds();
    expect(matches.find((card) => card.id === held)).toMatchObject({ instantView: true });
    expect(matches.map((card) => card.id)).not.toContain(plain);
    expect(matches.every((card) => card.instantView === true)).toBe(true);
    expect((await t.app.inject({ url: '/api/properties/search?instantView=maybe' })).statusCode).toBe(422);

    // Viewings: held keys, confirmed at once with the runner as host; the other listing waits for its landlord.
    const needs = { moveInDate: '2026-12-15', budget: 2500, tenancyDuration: 12, reasonForMoving: 'NEAR_WORK' };
    const viewing = async (propertyId: number) => {
      const conversation = (
        await t.app.inject({ method: 'POST', url: '/api/chat-conversations', payload: { propertyId, ...needs }, headers: tenant.headers })
      ).json() as { id: number };
      const slots = (await t.app.inject({ url: `/api/appointments/timeslot/${propertyId}` })).json() as {
        days: { slots: { startsAt: string }[] }[];
      };
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        payload: { conversationId: conversation.id, startsAt: slots.days[1]!.slots[0]!.startsAt },
        headers: tenant.headers,
      });
      expect(booked.statusCode, booked.body).toBe(200);
      return booked.json() as { acceptedAt: string | null; host: string };
    };
    const instant = await viewing(held);
    expect(instant.host).toBe('RUNNER');
    expect(instant.acceptedAt).not.toBeNull();
    const usual = await viewing(plain);
    expect(usual).toMatchObject({ host: 'LANDLORD', acceptedAt: null });

    // The keys go back: the badge and the filter's match go with them.
    await t.app.inject({
      method: 'PUT',
      url: '/api/homerunner/key/return',
      payload: { propertyId: held, returnDateTime: at(2, 10) },
      headers: landlord.headers,
    });
    expect((await detail(held)).instantView).toBe(true); // asked back, still with us
    await step({ action: 'RETURNED' });
    expect((await detail(held)).instantView).toBeUndefined();
    expect((await instantIds()).map((card) => card.id)).not.toContain(held);
  });
});
