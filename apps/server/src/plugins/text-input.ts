import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type FieldError } from '@kunci/contracts/errors';
import { AppError } from '../lib/app-error.ts';

const MAX_REPORTED = 10;
const MAX_DEPTH = 64;

/** Paths (as the validation errors name them: `body.name`, `querystring.q`) of strings holding a NUL character. */
function nulFields(value: unknown, path: string, found: string[], depth = 0): void {
  if (found.length >= MAX_REPORTED) return;
  if (typeof value === 'string') {
    if (value.includes('\0')) found.push(path);
    return;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => nulFields(item, `${path}.${index}`, found, depth + 1));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${key.replaceAll('\0', '\\0')}`;
    if (key.includes('\0')) found.push(at);
    nulFields(item, at, found, depth + 1);
  }
}

/**
 * No API text may hold a NUL character: PostgreSQL cannot store one in text or jsonb, and a query carrying
 * one fails. Every route's body, query and path parameters are checked before validation, so the caller
 * gets a 422 naming the field instead of a database error.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const found: string[] = [];
    nulFields(request.params, 'params', found);
    nulFields(request.query, 'querystring', found);
    nulFields(request.body, 'body', found);
    if (!found.length) return;
    // A catalogue key: the error handler gives it in the caller's language.
    const fields: FieldError[] = found.map((path) => ({ path, message: 'field.invalid' }));
    throw new AppError(ErrorCode.VALIDATION, { reason: 'NUL character' }, fields);
  });
});
