import { hash } from '@node-rs/argon2';
import type { Database } from '@kunci/db/client';
import { createDemoAccountsRepository } from './demo-accounts.repository.ts';

/** Known accounts of the demo, printed by `npm start` so anyone can sign in (PIN from the dev outbox, or password). */
export const DEMO_ACCOUNTS = [
  { role: 'tenant', phoneNumber: '+60123000001', password: 'kunci-tenant-2026', name: 'Tenant Demo', userRole: 'user' },
  { role: 'landlord', phoneNumber: '+60123000002', password: 'kunci-landlord-2026', name: 'Landlord Demo', userRole: 'user' },
  { role: 'moderator', phoneNumber: '+60123000003', password: 'kunci-moderator-2026', name: 'Moderator Demo', userRole: 'moderator' },
  // Back-office staff (/admin): each role's own account; sensitive actions ask them for an SMS PIN (dev outbox).
  { role: 'operations', phoneNumber: '+60123000004', password: 'kunci-operations-2026', name: 'Operations Demo', userRole: 'operations' },
  { role: 'editor', phoneNumber: '+60123000005', password: 'kunci-editor-2026', name: 'Editor Demo', userRole: 'editor' },
  { role: 'admin', phoneNumber: '+60123000006', password: 'kunci-admin-2026', name: 'Admin Demo', userRole: 'admin' },
] as const;

/**
 * How many of the first demo listings the demo landlord owns: ten rentals and two for sale, enough for a demo's
 * deals, screenings and tenancies to each take a home of their own (four rentals ran out when they ran side by side).
 */
const DEMO_LANDLORD_LISTINGS = 12;

/** Creates the demo accounts once; the demo landlord owns the first demo listings. */
export async function ensureDemoAccounts(db: Database): Promise<void> {
  const repository = createDemoAccountsRepository(db);
  if ((await repository.countByPhone(DEMO_ACCOUNTS.map((a) => a.phoneNumber))) === DEMO_ACCOUNTS.length) return;
  for (const account of DEMO_ACCOUNTS) {
    const passwordHash = await hash(account.password);
    const id = await repository.addUser({
      phoneNumber: account.phoneNumber,
      name: account.name,
      email: `${account.role}@demo.kunci.my`,
      role: account.userRole,
      passwordHash,
      userType: 1,
      // The demo tenant and landlord have answered the first-run question already.
      rentalRole: account.role === 'tenant' ? 'TENANT' : account.role === 'landlord' ? 'LANDLORD' : null,
    });
    if (id && account.role === 'landlord') await repository.giveFirstDemoListings(id, DEMO_LANDLORD_LISTINGS);
  }
}
