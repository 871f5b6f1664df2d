import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { zString } from '../validators.js';
import { codeTalliesShape, VOID_REASON_MAX } from './code.js';
import { zDateTimeFilter } from './dateTimeText.js';
import { createdByShape } from './person.js';
import { RULE_KINDS } from './rule.js';

/**
 * Code generation jobs (api/codeRecord, spec 7.6): a job makes `quantity` codes of one rule in the
 * background; the list shows their progress. Messages are validation keys.
 */

export const CODE_RECORD_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type CodeRecordStatus = (typeof CODE_RECORD_STATUSES)[number];
/** Jobs still at work: their progress moves, and they can be cancelled. */
export const CODE_RECORD_ACTIVE_STATUSES: readonly CodeRecordStatus[] = ['QUEUED', 'RUNNING'];
export const isActiveCodeRecord = (status: string): boolean => (CODE_RECORD_ACTIVE_STATUSES as readonly string[]).includes(status);

export const CODE_QUANTITY_MIN = 1;
export const CODE_QUANTITY_MAX = 10_000_000;
export const CODE_RECORD_REMARK_MAX = 200;
/** What a job can be asked to do after it was created. */
export const CODE_RECORD_ACTIONS = ['CANCEL'] as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const quantity = z
  .number({
    // Only the type error is named here; range errors keep their own keys (tooSmall / tooBig with the limit).
    error: (issue) => (issue.code === 'invalid_type' ? (issue.input === undefined ? 'validation.required' : 'validation.integer') : undefined),
  })
  .int('validation.integer')
  .min(CODE_QUANTITY_MIN)
  .max(CODE_QUANTITY_MAX);

/** An optional reference: '' or null means none. */
const optionalId = z.preprocess(blankToUndefined, z.uuid('validation.invalid').optional());

export const codeRecordAddBodySchema = z.object({
  ruleId: z.uuid({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') }),
  quantity,
  productId: optionalId,
  batchId: optionalId,
  remark: zString().trim().max(CODE_RECORD_REMARK_MAX, 'validation.tooLong').default(''),
});
export type CodeRecordAddBody = z.input<typeof codeRecordAddBodySchema>;

export const codeRecordEditBodySchema = z.object({
  id: z.uuid('validation.invalid'),
  action: z.enum(CODE_RECORD_ACTIONS, { error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.oneOf') }),
});
export type CodeRecordEditBody = z.input<typeof codeRecordEditBodySchema>;

export const codeRecordIdQuerySchema = z.object({ id: z.uuid('validation.invalid') });

/** POST codeRecord/activate: puts every code of a finished job in force, in the background. */
export const codeRecordActivateBodySchema = z.object({ id: z.uuid('validation.invalid') });
/** POST codeRecord/voidAll: voids every code of a finished job, in the background; the reason stays on each code. */
export const codeRecordVoidAllBodySchema = z.object({
  id: z.uuid('validation.invalid'),
  reason: zString().trim().min(1, 'validation.required').max(VOID_REASON_MAX, 'validation.tooLong'),
});
export type CodeRecordVoidAllBody = z.input<typeof codeRecordVoidAllBodySchema>;
/** A change of a whole job's codes (activate or void) and how far it got. */
export const codeActivationSchema = z.object({
  id: z.string(),
  action: z.enum(['ACTIVATE', 'VOID']),
  voidReason: z.string().nullable(),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED']),
  quantity: z.number(),
  progress: z.number(),
  error: z.string(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
});
export type CodeActivation = z.infer<typeof codeActivationSchema>;

export const codeRecordPageQuerySchema = pageQuerySchema
  .extend({
    ruleId: optionalId,
    status: z.preprocess(blankToUndefined, z.enum(CODE_RECORD_STATUSES, { error: 'validation.oneOf' }).optional()),
    /** The job's creation time, from and to (inclusive). */
    beginTime: zDateTimeFilter,
    endTime: zDateTimeFilter,
  })
  .refine((q) => !q.beginTime || !q.endTime || q.beginTime <= q.endTime, { path: ['endTime'], message: 'validation.timeOrder' });
/** What the web sends (the schema's preprocessing makes its own input type unknown). */
export interface CodeRecordPageQuery {
  ruleId?: string;
  status?: CodeRecordStatus;
  beginTime?: string;
  endTime?: string;
  pageNum?: number;
  pageSize?: number;
  orderName?: string;
  orderType?: 'asc' | 'desc';
}

export const codeRecordRowSchema = z.object({
  id: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  ruleMode: z.enum(['RANDOM', 'SEQUENTIAL']),
  /** Item or box codes: what the job's codes can be bound to (a batch, or packed items). */
  ruleKind: z.enum(RULE_KINDS),
  quantity: z.number(),
  /** Codes written so far. */
  progress: z.number(),
  /** progress / quantity in percent, rounded down (100 only when every code is written). */
  percent: z.number(),
  status: z.enum(CODE_RECORD_STATUSES),
  productId: z.string().nullable(),
  batchId: z.string().nullable(),
  remark: z.string(),
  /** Why a job failed, in the request's language; '' otherwise. */
  error: z.string(),
  /** Who asked for the job (name, else account); '' when the account is gone. Kept for existing clients: createdByName says the same. */
  createdBy: z.string().describe("Who asked for the job: the person's name, else the login name (kept for existing clients; the same as createdByName)"),
  ...createdByShape,
  downloadCount: z.number(),
  ...codeTalliesShape,
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
  updatedAt: z.date(),
});
type DateKeys = 'createdAt' | 'startedAt' | 'finishedAt' | 'updatedAt';
/** As the web client receives it: dates are ISO strings after JSON. */
export type CodeRecordRow = Omit<z.infer<typeof codeRecordRowSchema>, DateKeys> & {
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
};
