import { eq } from 'drizzle-orm';
import { sessions, staffConfirmations } from '@kunci/db/schema';
import { tokenHash } from '../../src/lib/sessions.repository.ts';
import { STAFF_PERSONAS, staffOnly, type Row } from '../authorization-matrix.ts';
import type { TestApp } from '../support.ts';

/** Marks a staff session as having confirmed with a PIN just now (the matrix's staff are at work). */
export async function confirmStaffSession(t: TestApp, token: string): Promise<void> {
  const [session] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash(token)));
  await t.database.db.insert(staffConfirmations).values({ sessionId: session!.id, confirmedAt: new Date() });
}

/** Authorization matrix rows for the admin area's routes (see ../authorization-matrix.ts for the personas and helpers). */
export const adminRows: Row[] = [
  { route: 'GET /api/admin/me', request: () => ({ url: '/api/admin/me' }), expect: staffOnly(STAFF_PERSONAS, 200) },
  {
    route: 'POST /api/admin/confirm/pin',
    request: () => ({ method: 'POST', url: '/api/admin/confirm/pin' }),
    expect: staffOnly(STAFF_PERSONAS, 200),
  },
  // A wrong PIN: past authorization it is refused as such (401 WRONG_PIN), which proves staff got through.
  {
    route: 'POST /api/admin/confirm',
    request: () => ({ method: 'POST', url: '/api/admin/confirm', payload: { pin: '000000' } }),
    expect: staffOnly(STAFF_PERSONAS, 401),
  },
];
