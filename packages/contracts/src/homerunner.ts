import { z } from 'zod';
import { RowId, RowIdParam } from './ids.ts';

/**
 * Key collection by a home runner (issue 19): Klang Valley listings only, by postcode; pickups on the hour, written
 * with dashes as the spec says (`2026-11-27 10-00`); keys back with 24 hours' notice.
 */

/** A postcode as the directory keeps it: five digits, leading zeros kept (01000 is Perlis). */
export const Postcode = z
  .string()
  .trim()
  .regex(/^\d{5}$/, { message: 'services.homerunner.postcodeFormat' });

export const AreaCoverBody = z.object({ postcode: Postcode }).strict();
export const AreaCover = z.object({
  postcode: z.string(),
  /** Whether home runners collect keys there. */
  covered: z.boolean(),
  /** False when the postcode is in no state's directory. */
  known: z.boolean(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type AreaCover = z.infer<typeof AreaCover>;

/** `YYYY-MM-DD HH-mm`, Malaysia time (dashes, never slashes or colons). */
export const KeyDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}$/, { message: 'services.homerunner.dateTimeFormat' })
  .refine(
    (value) => {
      // A real day and time of day (2026-02-30 or 25-00 are refused, not handed to the database).
      const [y, mo, d, h, mi] = value.split(/[- ]/).map(Number) as [number, number, number, number, number];
      const at = new Date(Date.UTC(y, mo - 1, d, h, mi));
      return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60;
    },
    { message: 'services.homerunner.dateTimeFormat' },
  );

export const KeyStatus = z.enum(['LISTED', 'SCHEDULED', 'ASSIGNED', 'COLLECTED', 'RETURN_REQUESTED', 'RETURNED', 'CANCELLED']);
export type KeyStatus = z.infer<typeof KeyStatus>;

export const KeyCollection = z.object({
  id: z.uuid(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  status: KeyStatus,
  /** In the spec's form, Malaysia time. */
  pickupDateTime: z.string().nullable(),
  returnDateTime: z.string().nullable(),
  runnerName: z.string().nullable(),
  /** Collections the listing has had, this one included, and the most it may have. */
  collections: z.number().int(),
  maxCollections: z.number().int(),
});
export type KeyCollection = z.infer<typeof KeyCollection>;

export const KeyListParams = z.object({ id: RowIdParam });
/** `PUT /api/homerunner/key`: the spec's payload, with the listing it is for. */
export const PickupBody = z.object({ propertyId: RowId, pickupDateTime: KeyDateTime }).strict();
export const ReturnBody = z.object({ propertyId: RowId, returnDateTime: KeyDateTime }).strict();

/** Staff: the open collections, and what they do to one. */
export const StaffKeyList = z.object({
  content: z.array(
    KeyCollection.extend({ ownerName: z.string(), ownerPhone: z.string(), address: z.string(), runnerId: z.number().int().nullable() }),
  ),
});
export type StaffKeyList = z.infer<typeof StaffKeyList>;
export const StaffKeyParams = z.object({ id: z.uuid() });
export const StaffKeyBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ASSIGN'), runnerId: RowId }).strict(),
  z.object({ action: z.literal('COLLECTED') }).strict(),
  z.object({ action: z.literal('RETURNED') }).strict(),
]);
export type StaffKeyBody = z.infer<typeof StaffKeyBody>;

/** The home runners operations dispatch: a name and a phone the landlord is given. */
export const Runner = z.object({ id: z.number().int(), name: z.string(), phone: z.string(), active: z.boolean() });
export type Runner = z.infer<typeof Runner>;
export const RunnerList = z.object({ content: z.array(Runner) });
export const RunnerParams = z.object({ id: RowIdParam });
export const RunnerBody = z
  .object({
    name: z.string().trim().min(2).max(80),
    /** Checked and stored in E.164 by the server. */
    phone: z.string().trim().min(6).max(20),
    active: z.boolean().default(true),
  })
  .strict();
export type RunnerBody = z.input<typeof RunnerBody>;
