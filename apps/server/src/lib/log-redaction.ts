/**
 * What the logs may say about a request or an error. Logs never hold what people wrote (chat text, names),
 * their phone numbers or secrets: a failing query's parameters, a database error's detail (the failing row,
 * the conflicting key) and the values a URL carries for a person are replaced by a marker.
 */

const REDACTED = '[redacted]';

/** Query parameters whose value is a secret or a person's contact. */
const PERSONAL_PARAMS = /([?&](?:token|pin|password|to|phone|phoneNo|email|code|signature)=)[^&#]*/gi;
/** Path segments that are a person's number (`/users/reset-password/by-phone/+60123456789`). */
const PHONE_SEGMENT = /(\/by-phone\/)[^/?#]*/gi;
/** Anything else shaped like an international phone number. */
const PHONE_LIKE = /(?:\+|%2B)\d{8,15}/gi;

export function redactUrl(url: string): string {
  return url.replace(PERSONAL_PARAMS, `$1${REDACTED}`).replace(PHONE_SEGMENT, `$1${REDACTED}`).replace(PHONE_LIKE, REDACTED);
}

/** Drizzle's "Failed query: <sql>\nparams: <values>": the SQL stays, the values go. */
const QUERY_PARAMS = /(\nparams: )[\s\S]*?(?=\n {4}at |$)/g;
/** PostgreSQL quotes the offending value in some messages (`invalid input syntax for type uuid: "..."`). */
const QUOTED_VALUE = /(: )"(?:[^"\\]|\\.)*"/g;
/** A database error's fields that carry row values or statement parameters. */
const VALUE_FIELDS = ['detail', 'params', 'parameters', 'values', 'where', 'internalQuery'];
/** Safe to keep: the SQL (Drizzle sends values as parameters, never inside it) and the error's identity. */
const KEPT_FIELDS = ['query', 'code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType', 'statusCode'];
const MAX_CAUSES = 5;

export function redactText(text: string): string {
  return text.replace(QUERY_PARAMS, `$1${REDACTED}`).replace(QUOTED_VALUE, `$1"${REDACTED}"`).replace(PHONE_LIKE, REDACTED);
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/** The logger's `err` serializer: type, message and stack with values redacted, safe fields, then the causes. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const out: SerializedError = { type: error.constructor.name, message: redactText(error.message), stack: redactText(error.stack ?? '') };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of KEPT_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = typeof value === 'string' ? redactText(value) : value;
  }
  for (const field of VALUE_FIELDS) if (fields[field] !== undefined) out[field] = REDACTED;
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
