import { z } from 'zod';
import { zString } from '../validators.js';
import { CODE_TEXT_MAX, VOID_REASON_MAX } from './code.js';

/**
 * Activating or voiding many codes at once (api/code bulkActivate, bulkVoid, their previews, readCodeList): the codes of a
 * generation job, of a batch, of a serial range of a rule, or of an uploaded list. The preview says what
 * would change; applying changes every code or none. Messages are validation keys.
 */

export const CODE_BULK_ACTIONS = ['ACTIVATE', 'VOID'] as const;
export type CodeBulkAction = (typeof CODE_BULK_ACTIONS)[number];
export const CODE_BULK_SCOPES = ['JOB', 'BATCH', 'RANGE', 'LIST'] as const;
export type CodeBulkScope = (typeof CODE_BULK_SCOPES)[number];

/**
 * Codes changed by one operation, in one transaction. A whole job of more codes is activated by the job's
 * background activation (codeRecord/activate); larger voids are split by serial range or list.
 */
export const CODE_BULK_MAX = 100_000;
/** Codes in an uploaded list. */
export const CODE_LIST_MAX = 10_000;
/** Unknown codes of a list named one by one in a preview. */
export const CODE_BULK_UNKNOWN_SHOWN = 20;

const required = (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : 'validation.invalid');
const id = z.uuid({ error: required });
const serial = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.integer') })
  .int('validation.integer')
  .min(0);

export const codeBulkSelectionSchema = z.discriminatedUnion(
  'scope',
  [
    z.object({ scope: z.literal('JOB'), recordId: id }),
    z.object({ scope: z.literal('BATCH'), batchId: id }),
    z
      .object({ scope: z.literal('RANGE'), ruleId: id, fromSerial: serial, toSerial: serial })
      .refine((s) => s.fromSerial <= s.toSerial, { path: ['toSerial'], message: 'validation.serialOrder' })
      .refine((s) => s.toSerial - s.fromSerial < CODE_BULK_MAX, { path: ['toSerial'], message: 'validation.bulkTooMany' }),
    z.object({
      scope: z.literal('LIST'),
      codes: z
        .array(zString().trim().toUpperCase().min(1, 'validation.required').max(CODE_TEXT_MAX, 'validation.tooLong'))
        .min(1, 'validation.required')
        .max(CODE_LIST_MAX, 'validation.tooBig'),
    }),
  ],
  { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.oneOf') },
);
export type CodeBulkSelection = z.input<typeof codeBulkSelectionSchema>;

/** Preview of either action, and the body of bulkActivate. */
export const codeBulkSelectionBodySchema = z.object({ selection: codeBulkSelectionSchema });
export type CodeBulkSelectionBody = z.input<typeof codeBulkSelectionBodySchema>;

/** bulkVoid: voiding needs a reason (kept on every voided code and in the operation log). */
export const codeBulkVoidBodySchema = z.object({
  selection: codeBulkSelectionSchema,
  reason: zString().trim().min(1, 'validation.required').max(VOID_REASON_MAX, 'validation.tooLong'),
});
export type CodeBulkVoidBody = z.input<typeof codeBulkVoidBodySchema>;

/** What an operation covers: the codes found, and how each would fare. */
export const codeBulkPreviewSchema = z.object({
  /** Codes of the selection that exist (for a list: the distinct listed codes found). */
  found: z.number(),
  /** Codes that would change: not yet in force (activate), or not voided yet (void). */
  willChange: z.number(),
  /** Codes already in the asked state. */
  already: z.number(),
  /** Codes that cannot take the asked state: voided codes are never put in force again. */
  blocked: z.number(),
  /** Listed codes that are unknown (or another company's); the operation is refused while there are any. */
  notFound: z.number(),
  /** The first unknown codes, as listed. */
  notFoundCodes: z.array(z.string()),
});
export type CodeBulkPreview = z.infer<typeof codeBulkPreviewSchema>;

export const codeBulkResultSchema = z.object({ changed: z.number(), already: z.number(), blocked: z.number() });
export type CodeBulkResult = z.infer<typeof codeBulkResultSchema>;

/** readCodeList: the codes of an uploaded .txt, .csv or .xlsx file (first column), as listed. */
export const codeListFileSchema = z.object({ codes: z.array(z.string()) });
export type CodeListFile = z.infer<typeof codeListFileSchema>;
