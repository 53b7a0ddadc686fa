import { INT4_MAX } from '@kunci/contracts/ids';
import fc from 'fast-check';

/** Just enough of OpenAPI 3 / JSON Schema for the API's own document. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The documented path, `/api/properties/{id}`. */
  path: string;
  key: string;
  params: Parameter[];
  body: JsonSchema | undefined;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** A request as app.inject takes it. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** The parts of a request generated from an operation, before they become a URL. */
export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  /** Path segments sent as they are (malformed percent-encoding), not encoded. */
  rawPath?: Record<string, string>;
  /** A body sent as this text rather than as JSON of `body`. */
  rawBody?: string;
}

export function operations(document: OpenApiDocument): { list: Operation[]; resolve: (schema: JsonSchema) => JsonSchema } {
  const components = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema): JsonSchema => {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 10; hops++) current = components[current.$ref.split('/').pop()!] ?? {};
    return current;
  };
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody?.content['application/json']?.schema;
      list.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        params: operation.parameters ?? [],
        body: body ? resolve(body) : undefined,
      });
    }
  }
  return { list, resolve };
}

function exclusiveBound(bound: boolean | number | undefined, value: number | undefined): number | undefined {
  if (typeof bound === 'number') return bound;
  return bound ? value : undefined;
}

/** Values that fit the schema (as far as it can say: patterns fall back to plain text). */
export function valid(
  schema: JsonSchema,
  resolve: (s: JsonSchema) => JsonSchema,
  known: KnownValues = {},
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const fromKnown = known[name];
  const plain = validWithoutKnown(s, resolve, known, depth);
  const withNull = s.nullable ? fc.oneof({ arbitrary: plain, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : plain;
  return fromKnown?.length ? fc.oneof({ arbitrary: fc.constantFrom(...fromKnown), weight: 3 }, { arbitrary: withNull, weight: 2 }) : withNull;
}

function validWithoutKnown(s: JsonSchema, resolve: (s: JsonSchema) => JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, resolve, known, '', depth + 1)));
  if (s.allOf?.length) return valid(s.allOf[0]!, resolve, known, '', depth + 1);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...s, type }, resolve, known, '', depth + 1)));
  const type = types[0] ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min =
        exclusiveBound(s.exclusiveMinimum, s.minimum) !== undefined ? exclusiveBound(s.exclusiveMinimum, s.minimum)! + 1 : (s.minimum ?? -1000);
      const max =
        exclusiveBound(s.exclusiveMaximum, s.maximum) !== undefined ? exclusiveBound(s.exclusiveMaximum, s.maximum)! - 1 : (s.maximum ?? 1_000_000);
      const lo = Math.max(min, -Number.MAX_SAFE_INTEGER);
      const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
      // The edges are where a column's range and the schema's part ways.
      return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi, Math.min(hi, Math.max(lo, INT4_MAX)), Math.min(hi, Math.max(lo, 1))));
    }
    case 'number': {
      const min = s.minimum ?? -1e6;
      const max = s.maximum ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string':
      return validString(s);
    case 'array': {
      const item = s.items ? valid(s.items, resolve, known, '', depth + 1) : fc.string();
      return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)) });
    }
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties = s.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = valid(value, resolve, known, key, depth + 1);
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, 200);
  switch (s.format) {
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  if (s.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(s.pattern, 'u')).map((text) => text.slice(0, s.maxLength ?? Infinity));
      return fc.oneof(matching, fc.string({ minLength, maxLength }));
    } catch {
      // A pattern fast-check cannot generate from: plain text, which the schema mostly refuses.
    }
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' });
}

/** Ids and tokens that exist in the test database, offered for parameters of these names. */
export type KnownValues = Record<string, unknown[]>;

const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(10_000),
  '\ud800',
  'e\u0301\u0301\u0301',
  '😀👩‍👩‍👧',
  '\u202eevil',
  "'; drop table users; --",
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  ' ',
  '',
  '0',
  '-1',
  '1e309',
  '9007199254740993',
  '2147483648',
  'null',
  'true',
  '[]',
  '{}',
];
const HOSTILE_NUMBERS = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  0,
  -1,
  0.5,
  -0.000001,
  1e-320,
];

/** A value nothing should accept, or a value of the wrong kind. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { a: 1 }, ['a\u0000']), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 30 }).map((text) => `${text}\u0000`), weight: 1 },
);

/** Paths to every value inside a JSON value (the root is []). */
function paths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => paths(item, [...prefix, index], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths(item, [...prefix, key], out);
  return out;
}

type Mutation =
  { kind: 'replace'; pick: number; value: unknown } | { kind: 'drop'; pick: number } | { kind: 'add'; pick: number; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: hostileValue }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      pick: fc.nat(),
      key: fc.constantFrom('extra', '__proto__', 'constructor', 'a\u0000', ''),
      value: hostileValue,
    }),
    weight: 1,
  },
);

function applyMutation(root: unknown, m: Mutation): unknown {
  const copy = structuredClone(root);
  const all = paths(copy);
  const target = all[m.pick % all.length]!;
  if (m.kind === 'replace' && target.length === 0) return m.value;
  const parentPath = m.kind === 'add' ? target : target.slice(0, -1);
  let parent: unknown = copy;
  for (const step of parentPath) parent = (parent as Record<string | number, unknown>)[step];
  if (parent === null || typeof parent !== 'object') return m.kind === 'add' ? copy : m.kind === 'replace' ? m.value : copy;
  const container = parent as Record<string | number, unknown>;
  if (m.kind === 'add') {
    if (!Array.isArray(container)) Object.defineProperty(container, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
    return copy;
  }
  const last = target[target.length - 1]!;
  if (m.kind === 'drop') {
    if (Array.isArray(container)) container.splice(Number(last), 1);
    else delete container[last];
  } else container[last] = m.value;
  return copy;
}

/** Mutates a value a few times: hostile values in, fields out, fields added. */
export function hostile(of: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(of, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, mutations]) => mutations.reduce(applyMutation, value));
}

const RAW_SEGMENTS = ['%', '%E0%A4%A', '%ZZ', '%00', '..', '%2e%2e', '%FF%FE', 'a%2Fb'];
const HEADER_TEXT = fc.stringMatching(/^[\x20-\x7e]{0,120}$/);

/** Valid-looking parts for an operation, then (often) made hostile. */
export function requestParts(
  op: Operation,
  resolve: (s: JsonSchema) => JsonSchema,
  known: KnownValues,
  examples: unknown[] = [],
): fc.Arbitrary<RequestParts> {
  const group = (where: Parameter['in']) => {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    const required: string[] = [];
    for (const p of op.params.filter((param) => param.in === where)) {
      record[p.name] =
        where === 'header' ? fc.oneof(valid(p.schema, resolve, known, p.name).map(String), HEADER_TEXT) : valid(p.schema, resolve, known, p.name);
      if (p.required || where === 'path') required.push(p.name);
    }
    return fc.record(record, { requiredKeys: required });
  };
  const validBody = op.body
    ? examples.length
      ? fc.oneof(fc.constantFrom(...examples), valid(op.body, resolve, known))
      : valid(op.body, resolve, known)
    : fc.constant(undefined);
  const validParts = fc.record({ path: group('path'), query: group('query'), headers: group('header'), body: validBody });
  return fc.oneof({ arbitrary: validParts, weight: 2 }, { arbitrary: validParts.chain((parts) => hostileParts(parts)), weight: 5 });
}

function hostileParts(parts: RequestParts): fc.Arbitrary<RequestParts> {
  const pathKeys = Object.keys(parts.path);
  const choices: fc.Arbitrary<RequestParts>[] = [
    hostile(fc.constant(parts.query)).map((query) => ({
      ...parts,
      query: (query && typeof query === 'object' ? query : { q: query }) as Record<string, unknown>,
    })),
    fc
      .constantFrom<unknown>(undefined, 'not json', '[1,2', '"text"', '[]', '{"a":'.repeat(200), JSON.stringify({ ['a'.repeat(300)]: 1 }))
      .map((rawBody) => (rawBody === undefined ? { ...parts, body: undefined } : { ...parts, rawBody: String(rawBody) })),
  ];
  if (parts.body !== undefined) choices.push(hostile(fc.constant(parts.body)).map((body) => ({ ...parts, body })));
  if (pathKeys.length) {
    choices.push(
      fc
        .record({ key: fc.constantFrom(...pathKeys), value: hostileValue })
        .map(({ key, value }) => ({ ...parts, path: { ...parts.path, [key]: value } })),
      fc
        .record({ key: fc.constantFrom(...pathKeys), raw: fc.constantFrom(...RAW_SEGMENTS) })
        .map(({ key, raw }) => ({ ...parts, rawPath: { [key]: raw } })),
    );
  }
  return fc.oneof(...choices);
}

function text(value: unknown): string {
  const raw = typeof value === 'string' ? value : value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Lone surrogates cannot be percent-encoded: a URL carries U+FFFD instead, as a browser sends it.
  return raw.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** The request app.inject sends for these parts. */
export function toRequest(op: Operation, parts: RequestParts, headers: Record<string, string>): FuzzRequest {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => parts.rawPath?.[name] ?? encodeURIComponent(text(parts.path[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parts.query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, text(item));
    else search.append(key, text(value));
  }
  const query = search.toString();
  const all: Record<string, string> = { ...headers };
  for (const [key, value] of Object.entries(parts.headers)) if (value !== undefined) all[key] = String(value).replace(/[^\x20-\x7e]/g, '?');
  const payload = parts.rawBody ?? (parts.body === undefined ? undefined : JSON.stringify(parts.body));
  if (payload !== undefined) all['content-type'] = 'application/json';
  return { method: op.method, url: query ? `${path}?${query}` : path, headers: all, ...(payload !== undefined ? { payload } : {}) };
}

/** Every string inside a value, with its path as the API names it (`body.tenantInfo.note`). */
export function stringLeaves(value: unknown, prefix: string, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(prefix);
  else if (Array.isArray(value)) value.forEach((item, index) => stringLeaves(item, `${prefix}.${index}`, out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) stringLeaves(item, `${prefix}.${key}`, out);
  return out;
}

/** A copy of a value with the string at `path` (relative, dot-separated) given a NUL in its middle. */
export function withNul(value: unknown, path: string[]): unknown {
  if (!path.length) return `${String(value).slice(0, 1)}\u0000${String(value).slice(1)}`;
  const copy = structuredClone(value) as Record<string, unknown>;
  const [head, ...rest] = path;
  copy[head!] = withNul(copy[head!], rest);
  return copy;
}
