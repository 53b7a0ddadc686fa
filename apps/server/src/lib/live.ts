import { and, eq, sql, type SQL } from 'drizzle-orm';
import { properties } from '@kunci/db/schema';

/** Public visibility: the predicate the partial indexes are built on, plus expiry. */
export const isLive = (): SQL =>
  and(eq(properties.status, 'ACTIVE'), eq(properties.active, true), eq(properties.reviewStatus, 'APPROVED'), sql`${properties.expiresAt} > now()`)!;
