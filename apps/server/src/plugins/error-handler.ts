import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, errorStatus, type ErrorBody, type FieldError } from '@kunci/contracts/errors';
import { isDatabaseUnavailable } from '@kunci/db/client';
import { CATALOGUES, translatorFor, type MessageKey, type Translate } from '@kunci/i18n/messages';
import type { MessageValues } from '@kunci/i18n/translate';
import { AppError } from '../lib/app-error.ts';
import { fieldMessage } from '../lib/field-messages.ts';
import { requestLanguage } from '../lib/language.ts';

/** Fastify's own 4xx errors mapped onto our codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorCode.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorCode.BAD_REQUEST,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorCode.BAD_REQUEST,
  FST_ERR_CTP_INVALID_JSON_BODY: ErrorCode.BAD_REQUEST,
};

function validationFields(
  error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0] & {
    validation: { keyword?: string; instancePath: string; message?: string; params: Record<string, unknown> }[];
    validationContext?: string;
  },
  t: Translate,
): FieldError[] {
  const where = error.validationContext ?? 'body';
  return error.validation.flatMap((issue) => {
    const base = [where, ...issue.instancePath.split('/').filter(Boolean)].join('.');
    const keys = issue.params['keys'];
    if (Array.isArray(keys)) return keys.map((key) => ({ path: `${base}.${String(key)}`, message: t('field.unknownParameter') }));
    return [{ path: base, message: fieldMessage(issue, t) }];
  });
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  fields?: FieldError[],
  messageKey?: MessageKey,
  values?: MessageValues,
): FastifyReply {
  const t = translatorFor(requestLanguage(request));
  const body: ErrorBody = { errorCode: code, message: t(messageKey ?? `errors.${code}`, values) };
  // Field messages that name a catalogue entry (the listing rules') are given in the caller's language.
  if (fields?.length) body.fields = fields.map((f) => (f.message in CATALOGUES.en ? { ...f, message: t(f.message as MessageKey, values) } : f));
  return reply.status(errorStatus[code]).type('application/json').send(body);
}

/**
 * Fastify's errors raised before routing (a URL that cannot be decoded, `/api/properties/%E0%A4%A`; a path
 * parameter over the length limit) in the API's shape rather than Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const t = translatorFor(requestLanguage(request));
  void reply
    .status(status)
    .type('application/json')
    .send({ errorCode: ErrorCode.BAD_REQUEST, message: t(`errors.${ErrorCode.BAD_REQUEST}`) } satisfies ErrorBody);
}

/**
 * Requests Node's HTTP parser refuses (oversized headers: 431, a timeout: 408, anything malformed: 400) never
 * reach Fastify: the answer is written to the socket, in the API's shape and in English (no header was read).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const code = ErrorCode.BAD_REQUEST;
  const body = JSON.stringify({ errorCode: code, message: translatorFor('en')(`errors.${code}`) } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfterMs = error.context?.['retryAfterMs'];
      if (typeof retryAfterMs === 'number') reply.header('retry-after', Math.max(1, Math.ceil(retryAfterMs / 1000)));
      if (errorStatus[error.code] >= 500) request.log.error({ err: error, context: error.context }, 'request failed');
      return send(request, reply, error.code, error.fields, error.messageKey, error.messageValues);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(request, reply, ErrorCode.VALIDATION, validationFields(error as never, translatorFor(requestLanguage(request))));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(request, reply, ErrorCode.INTERNAL);
    }
    // PostgreSQL refusing, silent past its time limits, or going away: 503, worth retrying.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(request, reply, ErrorCode.UNAVAILABLE);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return send(request, reply, mapped);
    const status = error.statusCode ?? 500;
    if (status === 429) return send(request, reply, ErrorCode.RATE_LIMITED);
    if (status === 404) return send(request, reply, ErrorCode.NOT_FOUND);
    if (status >= 400 && status < 500) return send(request, reply, ErrorCode.BAD_REQUEST);
    // 5xx: log everything, tell the client nothing about internals.
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, status === 503 ? ErrorCode.UNAVAILABLE : ErrorCode.INTERNAL);
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, ErrorCode.NOT_FOUND));
});
