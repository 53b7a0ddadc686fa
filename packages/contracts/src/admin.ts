import { z } from 'zod';
import { StaffRole, UserRole } from './staff.ts';

/** The back office's API (/api/admin/...): shapes shared by the server, the console and OpenAPI. */

export const StaffMe = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: StaffRole,
    /** When this session last confirmed with a PIN; null when never. */
    confirmedAt: z.iso.datetime().nullable(),
    /** Whether sensitive actions would ask for a PIN now. */
    confirmationNeeded: z.boolean(),
    reconfirmMinutes: z.number().int(),
  })
  .meta({ id: 'StaffMe' });
export type StaffMe = z.infer<typeof StaffMe>;

export const StaffPinSent = z.object({ phoneNo: z.string() }).meta({ id: 'StaffPinSent' });
export const StaffConfirmBody = z.object({ pin: z.string().regex(/^\d{6}$/) }).meta({ id: 'StaffConfirmBody' });
export const StaffConfirmed = z.object({ confirmedAt: z.iso.datetime() }).meta({ id: 'StaffConfirmed' });

export { StaffRole, UserRole };
