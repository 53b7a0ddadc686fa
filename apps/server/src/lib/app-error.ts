import { ErrorCode, type FieldError } from '@kunci/contracts/errors';
import type { MessageKey } from '@kunci/i18n/messages';
import type { MessageValues } from '@kunci/i18n/translate';

/**
 * What services throw: a code from the contracts, optional field errors, and context for the logs. `messageKey`
 * replaces the code's general message when one code covers several causes the user must tell apart; `messageValues`
 * fill its arguments (and those of field messages), so business numbers come from settings, not from catalogue text.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  readonly context: Record<string, unknown> | undefined;
  readonly messageKey: MessageKey | undefined;
  readonly messageValues: MessageValues | undefined;
  constructor(code: ErrorCode, context?: Record<string, unknown>, fields?: FieldError[], messageKey?: MessageKey, messageValues?: MessageValues) {
    super(`AppError ${code}`);
    this.code = code;
    this.context = context;
    this.fields = fields;
    this.messageKey = messageKey;
    this.messageValues = messageValues;
  }
}

export const notFound = (context?: Record<string, unknown>) => new AppError(ErrorCode.NOT_FOUND, context);
