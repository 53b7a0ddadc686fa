import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Calling codes and number lengths per country, from the phone-number metadata library. */
export const countries = pgTable('countries', {
  iso2: text('iso2').primaryKey(),
  callingCode: text('calling_code').notNull(),
  internationalPrefix: text('international_prefix'),
  nationalPrefix: text('national_prefix'),
  possibleLengths: integer('possible_lengths').array().notNull(),
});
