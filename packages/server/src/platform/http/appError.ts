import type { FieldError, ResultCode } from '@rd/contract';

/**
 * A failure with a stable key from the error catalogue. The error handler turns it into the envelope,
 * translated into the request's language; `params` fill the message's placeholders.
 */
export class AppError extends Error {
  constructor(
    readonly code: ResultCode,
    readonly params?: Record<string, string | number>,
    readonly fieldErrors?: FieldError[],
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const conflict = () => new AppError('CONFLICT');
export const accessDenied = () => new AppError('ACCESS_DENIED_ERROR');
export const notSignedIn = () => new AppError('NO_LOGIN_ERROR');
