import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column: row ids (listings, buildings, notices) are int4. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a body: a positive int4 (a larger number is refused with 422, never sent to the database). */
export const RowId = z.number().int().positive().max(INT4_MAX);
/** A row id in a path or a query string, where it arrives as text. */
export const RowIdParam = z.coerce.number().int().positive().max(INT4_MAX);
