import { index, integer, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';

export const states = pgTable('states', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
  },
  (t) => [unique('cities_state_name').on(t.stateId, t.name)],
);

/** Postcodes are text: leading zeros are significant (e.g. 01000 in Perlis). */
export const postcodes = pgTable(
  'postcodes',
  {
    postcode: text('postcode').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
  },
  (t) => [primaryKey({ columns: [t.postcode, t.cityId] }), index('postcodes_city').on(t.cityId)],
);
