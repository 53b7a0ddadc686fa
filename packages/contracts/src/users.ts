import { z } from 'zod';
import { UserRole } from './staff.ts';

export const StoredLanguage = z.enum(['EN', 'MY', 'ZH']);
export { USER_TYPE_NAMES, userTypeName } from './constants.ts';

/** Letters (any script), spaces, '/' and apostrophes (spec section 5). */
export const NAME_PATTERN = /^[\p{L}\p{M}\s/']+$/u;
export const PersonName = z.string().trim().min(1).max(100).regex(NAME_PATTERN, 'field.name.characters');
/** A permissive standard address pattern (spec section 5). */
export const Email = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'field.email');

/** Looking for a home (TENANT) or letting one (LANDLORD): the user's answer to the first-run question. */
export const RentalRole = z.enum(['TENANT', 'LANDLORD']);
export type RentalRole = z.infer<typeof RentalRole>;

export const User = z
  .object({
    id: z.string(),
    phoneNumber: z.string(),
    phoneNo: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    avatar: z.string().nullable(),
    language: StoredLanguage,
    userType: z.number().int(),
    userTypeName: z.enum(['WORKING_ADULT', 'FAMILY', 'STUDENT']),
    passwordSet: z.boolean(),
    role: UserRole,
    /** null until the user has answered the first-run question. */
    rentalRole: RentalRole.nullable(),
    stats: z.object({ lastActivityDate: z.string().nullable() }),
    isDoneDealLandlord: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const UpdateUser = z
  .object({
    language: StoredLanguage.optional(),
    name: PersonName.optional(),
    email: Email.nullable().optional(),
    userType: z.number().int().min(0).max(9).optional(),
    rentalRole: RentalRole.optional(),
  })
  .strict();

/** `GET /api/users/{id}/profile/view`: what anyone may see of a user. */
export const PublicProfile = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() });
/** `GET|POST /api/v3/user/{id}/profile`: the user's attributes, as the spec's profile API names them. */
export const Attributes = z.object({ userAttributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])) });
export const AttributesUpdate = z
  .object({ userAttributes: z.object({ monthly_salary: z.number().int().min(0).max(10_000_000).optional() }).strict() })
  .strict();
