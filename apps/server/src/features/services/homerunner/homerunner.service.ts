import { BUSINESS } from '@kunci/contracts/business';
import { ErrorCode } from '@kunci/contracts/errors';
import type { AreaCover, KeyCollection, Runner, RunnerBody, StaffKeyBody } from '@kunci/contracts/homerunner';
import { AppError } from '../../../lib/app-error.ts';
import type { NoticeSender } from '../../../lib/notices.ts';
import { normalizePhone } from '../../../lib/phone.ts';
import type { PageCacheInvalidation } from '../../../plugins/page-cache.ts';
import { keysCollected, keysReturned, runnerAssigned } from './homerunner-notices.ts';
import type { HomerunnerRepository, KeyCollectionRow, RunnerRow } from './homerunner.repository.ts';

/** The staff member acting in the back office, as the audit log records them. */
export interface StaffActor {
  id: string;
  role: string;
}

const rules = BUSINESS.homerunner;
const MALAYSIA_MS = 8 * 3_600_000;
const HOUR_MS = 3_600_000;
const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** The settings the time messages name (the runners' hours, how far ahead, the return notice). */
const TIME_RULES = { from: clock(rules.firstHour), to: clock(rules.lastHour), days: rules.bookAheadDays, hours: rules.returnNoticeHours };

/** Whether the directory's place is in the Klang Valley. */
export function inKlangValley(place: { state: string; city: string }): boolean {
  if ((rules.klangValley.states as readonly string[]).includes(place.state)) return true;
  return place.state === 'Selangor' && (rules.klangValley.selangorCities as readonly string[]).includes(place.city);
}

/** `2026-11-27 10-00` (Malaysia time) as an instant, or null when it is no such time. */
export function parseKeyDateTime(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const instant = Date.UTC(year, month - 1, day, hour, minute) - MALAYSIA_MS;
  const back = new Date(instant + MALAYSIA_MS);
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return new Date(instant);
}

/** An instant in the spec's form, Malaysia time. */
export function formatKeyDateTime(at: Date): string {
  const local = new Date(at.getTime() + MALAYSIA_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 13)}-${local.slice(14, 16)}`;
}

/** A pickup time: on the hour, within the runners' hours, in the future and not too far ahead. */
export function checkPickup(at: Date, now: Date): 'ok' | 'past' | 'hours' | 'far' {
  const local = new Date(at.getTime() + MALAYSIA_MS);
  if (at.getTime() <= now.getTime()) return 'past';
  if (local.getUTCMinutes() !== 0 || local.getUTCHours() < rules.firstHour || local.getUTCHours() > rules.lastHour) return 'hours';
  if (at.getTime() - now.getTime() > rules.bookAheadDays * 24 * HOUR_MS) return 'far';
  return 'ok';
}

/** A return time: at least the notice ahead, within the runners' hours. */
export function checkReturn(at: Date, now: Date): 'ok' | 'notice' | 'hours' {
  const local = new Date(at.getTime() + MALAYSIA_MS);
  if (at.getTime() - now.getTime() < rules.returnNoticeHours * HOUR_MS) return 'notice';
  if (local.getUTCMinutes() !== 0 || local.getUTCHours() < rules.firstHour || local.getUTCHours() > rules.lastHour) return 'hours';
  return 'ok';
}

const toRunner = (row: RunnerRow): Runner => ({ id: row.id, name: row.name, phone: row.phone, active: row.active });

/** The keys are with us from collection until staff mark them returned: the listing can be viewed without its landlord. */
const HELD = ['COLLECTED', 'RETURN_REQUESTED'];

export function createHomerunnerService({
  repository,
  notices,
  pageCache,
  now = () => new Date(),
}: {
  repository: HomerunnerRepository;
  /** The notification centre (decision 0012); absent in unit tests of the rules only. */
  notices?: NoticeSender;
  /** Public listing pages show "Instant view" while the keys are held (decision 0013). */
  pageCache?: PageCacheInvalidation;
  now?: () => Date;
}) {
  function dto(row: KeyCollectionRow, propertyName: string, collections: number): KeyCollection {
    return {
      id: row.id,
      propertyId: row.propertyId,
      propertyName,
      status: row.status,
      pickupDateTime: row.pickupAt ? formatKeyDateTime(row.pickupAt) : null,
      returnDateTime: row.returnAt ? formatKeyDateTime(row.returnAt) : null,
      runnerName: row.runnerName,
      collections,
      maxCollections: rules.maxCollectionsPerListing,
    };
  }

  async function areaCover(postcode: string): Promise<AreaCover> {
    const places = await repository.placesOf(postcode);
    const covered = places.find(inKlangValley);
    const place = covered ?? places[0];
    return { postcode, covered: Boolean(covered), known: places.length > 0, city: place?.city ?? null, state: place?.state ?? null };
  }

  async function ownListing(propertyId: number, userId: string) {
    const listing = await repository.listing(propertyId);
    if (!listing) throw new AppError(ErrorCode.NOT_FOUND, { propertyId });
    if (listing.ownerId !== userId) throw new AppError(ErrorCode.FORBIDDEN, { propertyId, userId });
    return listing;
  }

  const badTime = (
    field: string,
    key: 'services.homerunner.past' | 'services.homerunner.hours' | 'services.homerunner.far' | 'services.homerunner.notice',
  ) => new AppError(ErrorCode.VALIDATION, { field }, [{ path: field, message: key }], key, TIME_RULES);

  return {
    areaCover,

    /** The landlord lists the listing's key for collection (again after a return, at most twice in all). */
    listKey: async (propertyId: number, userId: string) => {
      const listing = await ownListing(propertyId, userId);
      if (!(await areaCover(listing.postcode)).covered)
        throw new AppError(ErrorCode.CONFLICT, { propertyId, postcode: listing.postcode }, undefined, 'services.homerunner.notCovered');
      return repository.transaction(async (tx) => {
        const open = await tx.lockOpen(propertyId);
        const done = await tx.collections(propertyId);
        if (open) return { created: false, collection: dto(open, listing.name, done) };
        if (done >= rules.maxCollectionsPerListing)
          throw new AppError(ErrorCode.CONFLICT, { propertyId, done }, undefined, 'services.homerunner.limit', {
            max: rules.maxCollectionsPerListing,
          });
        const row = await tx.insert({ propertyId, ownerId: userId });
        return { created: true, collection: dto(row, listing.name, done + 1) };
      });
    },

    /** Books (or moves) the pickup of the listed key. */
    schedulePickup: async (propertyId: number, userId: string, pickupDateTime: string) => {
      const listing = await ownListing(propertyId, userId);
      const at = parseKeyDateTime(pickupDateTime);
      if (!at) throw badTime('pickupDateTime', 'services.homerunner.hours');
      const check = checkPickup(at, now());
      if (check !== 'ok') throw badTime('pickupDateTime', `services.homerunner.${check}`);
      return repository.transaction(async (tx) => {
        const open = await tx.lockOpen(propertyId);
        if (!open || !['LISTED', 'SCHEDULED', 'ASSIGNED'].includes(open.status))
          throw new AppError(ErrorCode.CONFLICT, { propertyId, status: open?.status }, undefined, 'services.homerunner.notListed');
        const row = await tx.update(open.id, { pickupAt: at, status: open.status === 'ASSIGNED' ? 'ASSIGNED' : 'SCHEDULED' });
        return dto(row, listing.name, await tx.collections(propertyId));
      });
    },

    /** Asks for the keys back, at least the notice ahead. */
    requestReturn: async (propertyId: number, userId: string, returnDateTime: string) => {
      const listing = await ownListing(propertyId, userId);
      const at = parseKeyDateTime(returnDateTime);
      if (!at) throw badTime('returnDateTime', 'services.homerunner.hours');
      const check = checkReturn(at, now());
      if (check !== 'ok') throw badTime('returnDateTime', `services.homerunner.${check}`);
      return repository.transaction(async (tx) => {
        const open = await tx.lockOpen(propertyId);
        if (!open || !['COLLECTED', 'RETURN_REQUESTED'].includes(open.status))
          throw new AppError(ErrorCode.CONFLICT, { propertyId, status: open?.status }, undefined, 'services.homerunner.notHeld');
        const row = await tx.update(open.id, { returnAt: at, status: 'RETURN_REQUESTED' });
        return dto(row, listing.name, await tx.collections(propertyId));
      });
    },

    /** Staff's work list. */
    open: async () => ({
      content: await Promise.all(
        (await repository.open()).map(async (row) => ({
          ...dto(row.collection, row.propertyName, await repository.collections(row.collection.propertyId)),
          ownerName: row.ownerName,
          ownerPhone: row.ownerPhone,
          address: row.address,
          runnerId: row.collection.runnerId,
        })),
      ),
    }),

    /**
     * Staff assign a runner, and mark the keys collected or returned: each step audit-logged and told to the landlord
     * in its transaction. Collected or returned changes the listing's "Instant view", so its pages are made again.
     */
    staffAction: async (id: string, action: StaffKeyBody, staff: StaffActor) => {
      const result = await repository.transaction(async (tx) => {
        const row = await tx.lock(id);
        if (!row) throw new AppError(ErrorCode.NOT_FOUND, { id });
        const allowed = {
          ASSIGN: ['SCHEDULED', 'ASSIGNED'],
          COLLECTED: ['SCHEDULED', 'ASSIGNED'],
          RETURNED: ['COLLECTED', 'RETURN_REQUESTED'],
        }[action.action];
        if (!allowed.includes(row.status))
          throw new AppError(ErrorCode.CONFLICT, { id, status: row.status, action: action.action }, undefined, 'services.homerunner.wrongStep');
        const listing = await tx.listing(row.propertyId);
        const property = listing?.name ?? '';
        let changed: KeyCollectionRow;
        if (action.action === 'ASSIGN') {
          const runner = await tx.runner(action.runnerId);
          if (!runner?.active)
            throw new AppError(ErrorCode.VALIDATION, { runnerId: action.runnerId }, [
              { path: 'body.runnerId', message: 'services.homerunner.staff.noRunner' },
            ]);
          changed = await tx.update(id, { status: 'ASSIGNED', runnerId: runner.id, runnerName: runner.name });
          await notices?.send(
            {
              type: runnerAssigned,
              recipientId: row.ownerId,
              link: { route: 'myListings' },
              params: { property, runner: runner.name, phone: runner.phone, time: changed.pickupAt ? formatKeyDateTime(changed.pickupAt) : '' },
              key: `homerunner:${id}:assigned:${runner.id}`,
            },
            { transaction: tx.handle },
          );
        } else if (action.action === 'COLLECTED') {
          changed = await tx.update(id, { status: 'COLLECTED', collectedAt: now() });
          await notices?.send(
            { type: keysCollected, recipientId: row.ownerId, link: { route: 'myListings' }, params: { property }, key: `homerunner:${id}:collected` },
            { transaction: tx.handle },
          );
        } else {
          changed = await tx.update(id, { status: 'RETURNED', returnedAt: now() });
          await notices?.send(
            { type: keysReturned, recipientId: row.ownerId, link: { route: 'myListings' }, params: { property }, key: `homerunner:${id}:returned` },
            { transaction: tx.handle },
          );
        }
        await tx.audit.record({
          actor: staff,
          action: `homerunner.${action.action.toLowerCase()}`,
          targetType: 'key_collection',
          targetId: id,
          before: { status: row.status, runnerId: row.runnerId, propertyId: row.propertyId },
          after: { status: changed.status, runnerId: changed.runnerId, runnerName: changed.runnerName, propertyId: row.propertyId },
        });
        return {
          collection: dto(changed, property, await tx.collections(row.propertyId)),
          badge: HELD.includes(row.status) !== HELD.includes(changed.status),
        };
      });
      // After the commit: the next page request sees the badge come or go.
      if (result.badge) await pageCache?.invalidate(['listings']);
      return result.collection;
    },

    /** The runners staff dispatch, active ones first. */
    runners: async () => ({
      content: (await repository.runners()).map(toRunner).sort((a, b) => Number(b.active) - Number(a.active)),
    }),

    /** Staff add a runner (audit-logged); the phone is stored in E.164. */
    addRunner: async (body: RunnerBody, staff: StaffActor) => {
      const phone = normalizePhone(body.phone);
      if (!phone) throw new AppError(ErrorCode.INVALID_PHONE, undefined, [{ path: 'body.phone', message: 'field.phone' }]);
      return repository.transaction(async (tx) => {
        const runner = await tx.insertRunner({ name: body.name, phone, active: body.active ?? true });
        await tx.audit.record({
          actor: staff,
          action: 'homerunner.runner.add',
          targetType: 'home_runner',
          targetId: runner.id,
          after: toRunner(runner),
        });
        return toRunner(runner);
      });
    },

    /** Staff change a runner's name or phone, or stop dispatching them (audit-logged). */
    updateRunner: async (id: number, body: RunnerBody, staff: StaffActor) => {
      const phone = normalizePhone(body.phone);
      if (!phone) throw new AppError(ErrorCode.INVALID_PHONE, undefined, [{ path: 'body.phone', message: 'field.phone' }]);
      return repository.transaction(async (tx) => {
        const before = await tx.runner(id);
        if (!before) throw new AppError(ErrorCode.NOT_FOUND, { runnerId: id });
        const runner = (await tx.updateRunner(id, { name: body.name, phone, active: body.active ?? true }))!;
        await tx.audit.record({
          actor: staff,
          action: 'homerunner.runner.update',
          targetType: 'home_runner',
          targetId: id,
          before: toRunner(before),
          after: toRunner(runner),
        });
        return toRunner(runner);
      });
    },
  };
}

export type HomerunnerService = ReturnType<typeof createHomerunnerService>;
