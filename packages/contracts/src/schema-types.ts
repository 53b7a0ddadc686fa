import type { z } from 'zod';

/** What an endpoint whose response schema is `S` answers: the schema's output. */
export type Answer<S extends z.ZodType> = z.output<S>;
/** What a caller may send as a body, query or params checked by `S`: the schema's input (defaults may be left out). */
export type Sent<S extends z.ZodType> = z.input<S>;
/** A form's or an address's fields for `S` as the user gave them, unchecked: the server checks them and names each bad one. */
export type Unchecked<S extends z.ZodType> = { [K in keyof z.input<S>]?: string | number | boolean | null | undefined };
