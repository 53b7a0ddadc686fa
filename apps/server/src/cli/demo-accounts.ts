import { hash } from '@node-rs/argon2';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '@kunci/db/client';
import { properties, users } from '@kunci/db/schema';

/** Known accounts of the demo, printed by `npm start` so anyone can sign in (PIN from the dev outbox, or password). */
export const DEMO_ACCOUNTS = [
  { role: 'tenant', phoneNumber: '+60123000001', password: 'kunci-tenant-2026', name: 'Tenant Demo', userRole: 'user' },
  { role: 'landlord', phoneNumber: '+60123000002', password: 'kunci-landlord-2026', name: 'Landlord Demo', userRole: 'user' },
  { role: 'moderator', phoneNumber: '+60123000003', password: 'kunci-moderator-2026', name: 'Moderator Demo', userRole: 'moderator' },
] as const;

/** Creates the demo accounts once; the demo landlord owns the first demo listings. */
export async function ensureDemoAccounts(db: Database): Promise<void> {
  const existing = await db
    .select({ phone: users.phoneNumber })
    .from(users)
    .where(
      inArray(
        users.phoneNumber,
        DEMO_ACCOUNTS.map((a) => a.phoneNumber),
      ),
    );
  if (existing.length === DEMO_ACCOUNTS.length) return;
  for (const account of DEMO_ACCOUNTS) {
    const passwordHash = await hash(account.password);
    const [row] = await db
      .insert(users)
      .values({
        phoneNumber: account.phoneNumber,
        name: account.name,
        email: `${account.role}@demo.kunci.my`,
        role: account.userRole,
        passwordHash,
        userType: 1,
        // The demo tenant and landlord have answered the first-run question already.
        rentalRole: account.role === 'tenant' ? 'TENANT' : account.role === 'landlord' ? 'LANDLORD' : null,
      })
      .onConflictDoNothing({ target: users.phoneNumber })
      .returning({ id: users.id });
    if (row && account.role === 'landlord') {
      await db
        .update(properties)
        .set({ ownerId: row.id })
        .where(sql`${properties.seedKey} in ('demo:0', 'demo:1', 'demo:2', 'demo:3', 'demo:4', 'demo:5')`);
    }
  }
}
