import { z } from 'zod';

export const StoredLanguage = z.enum(['EN', 'MY', 'ZH']);
/** The spec's user types: 0 or 1 WORKING_ADULT, 2 FAMILY, anything else STUDENT (default 3). */
export const USER_TYPE_NAMES = { WORKING_ADULT: 1, FAMILY: 2, STUDENT: 3 } as const;
export function userTypeName(value: number): keyof typeof USER_TYPE_NAMES {
  if (value === 0 || value === 1) return 'WORKING_ADULT';
  if (value === 2) return 'FAMILY';
  return 'STUDENT';
}

/** Letters (any script), spaces, '/' and apostrophes (spec section 5). */
export const NAME_PATTERN = /^[\p{L}\p{M}\s/']+$/u;
export const PersonName = z.string().trim().min(1).max(100).regex(NAME_PATTERN, 'Only letters, spaces, / and apostrophes');
/** A permissive standard address pattern (spec section 5). */
export const Email = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email address');

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
    role: z.enum(['user', 'moderator']),
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
  })
  .strict();
