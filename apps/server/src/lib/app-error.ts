import { ErrorCode, type FieldError } from '@kunci/contracts/errors';

/** What services throw: a code from the contracts, optional field errors, and context for the logs. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  readonly context: Record<string, unknown> | undefined;
  constructor(code: ErrorCode, context?: Record<string, unknown>, fields?: FieldError[]) {
    super(`AppError ${code}`);
    this.code = code;
    this.context = context;
    this.fields = fields;
  }
}

export const notFound = (context?: Record<string, unknown>) => new AppError(ErrorCode.NOT_FOUND, context);
