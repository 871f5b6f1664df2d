import type { Envelope, FieldError } from '@rd/contract';

/**
 * Every failed call rejects with this. `handled` says the user has already been told (toast, dialog,
 * logout), so callers only add what is specific to them, e.g. field errors on a form.
 */
export class HttpError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly errors: readonly FieldError[];
  readonly handled: boolean;
  readonly envelope: Envelope | undefined;

  constructor(
    code: string,
    message: string,
    options: { status?: number; errors?: readonly FieldError[]; handled: boolean; envelope?: Envelope },
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
    this.status = options.status;
    this.errors = options.errors ?? [];
    this.handled = options.handled;
    this.envelope = options.envelope;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

/**
 * What to tell the person about a failed call: the server's reason for the refused code when it named one
 * (CODES_REJECTED lists each code's reason), else the server's message, else the fallback.
 */
export function refusalText(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  const reasons = error.envelope?.errors ?? error.errors;
  if (reasons.length > 0) return reasons.map((r) => r.message).join('; ');
  return error.message || fallback;
}
