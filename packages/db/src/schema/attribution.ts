import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deals } from './deals.ts';
import { users } from './users.ts';

/**
 * Where a user came from (the landing URL's utm_source, utm_medium, utm_campaign, rid, gclid, subid, kept in the
 * browser's cookies for their lifetimes). A TOUCH is every tracking call; SIGN_UP is the attribution the account was
 * created with (once); FIRST_DEAL is the latest touch before the user's first deal (once, with that deal).
 */
export const attributions = pgTable(
  'attributions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['TOUCH', 'SIGN_UP', 'FIRST_DEAL'] }).notNull(),
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    rid: text('rid'),
    gclid: text('gclid'),
    subid: text('subid'),
    /** When the visitor arrived with these values (a SIGN_UP or FIRST_DEAL row copies its touch's time). */
    touchedAt: timestamp('touched_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('attributions_touches').on(t.userId, t.touchedAt.desc()),
    uniqueIndex('attributions_once')
      .on(t.userId, t.kind)
      .where(sql`kind <> 'TOUCH'`),
  ],
);
