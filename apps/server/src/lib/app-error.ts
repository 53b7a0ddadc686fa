import { ErrorCode, type FieldError } from '@kunci/contracts/errors';
import type { MessageKey } from '@kunci/i18n/messages';

/**
 * What services throw: a code from the contracts, optional field errors, and context for the logs. `messageKey`
 * replaces the code's general message when one code covers several causes the user must tell apart.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  readonly context: Record<string, unknown> | undefined;
  readonly messageKey: MessageKey | undefined;
  constructor(code: ErrorCode, context?: Record<string, unknown>, fields?: FieldError[], messageKey?: MessageKey) {
    super(`AppError ${code}`);
    this.code = code;
    this.context = context;
    this.fields = fields;
    this.messageKey = messageKey;
  }
}

export const notFound = (context?: Record<string, unknown>) => new AppError(ErrorCode.NOT_FOUND, context);
