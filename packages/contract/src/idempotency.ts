import { z } from 'zod';

/**
 * Idempotency-Key (the IETF httpapi draft's header): a client names one intended change with a key of its
 * own choosing, and sending the request again with that key — a double click, a retry after a lost answer,
 * a second tab — answers the first result instead of doing it twice. Kept 24 hours per company.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_KEY_HOURS = 24;

/** The headers of a creating route that accepts a key (header names arrive in lower case). */
export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1, 'validation.required')
    .max(IDEMPOTENCY_KEY_MAX, 'validation.tooLong')
    // Visible ASCII only: a key is compared byte for byte and echoed in logs.
    .regex(/^[\x21-\x7e]+$/, 'validation.invalid')
    .optional()
    .describe(
      `Optional. One key per intended job (a UUID is a good choice, at most ${IDEMPOTENCY_KEY_MAX} visible ASCII characters). ` +
        `The same key with the same body answers the first job again (header Idempotent-Replayed: true); ` +
        `with another body it is refused with IDEMPOTENCY_KEY_REUSED (409). Kept ${IDEMPOTENCY_KEY_HOURS} hours per company.`,
    ),
});
