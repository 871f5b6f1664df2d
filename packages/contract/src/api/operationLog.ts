import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { zDateTimeFilter } from './dateTimeText.js';

export { parseDateTimeText, zDateTimeFilter } from './dateTimeText.js';

/** Actions the route layer records (see the server's operation log); routes may name others. */
export const OPERATION_ACTIONS = [
  'INSERT',
  'UPDATE',
  'DELETE',
  'GRANT',
  'EXPORT',
  'IMPORT',
  'LOGIN',
  'LOGOUT',
  'FORCE_LOGOUT',
  'CHANGE_PASSWORD',
  'OTHER',
] as const;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];

export const OPERATION_RESULTS = ['SUCCESS', 'FAILURE'] as const;
export type OperationResult = (typeof OPERATION_RESULTS)[number];

/** Columns the list may be sorted by (orderName). */
export const OPERATION_LOG_SORTS = ['createdAt', 'durationMs', 'username', 'module'] as const;

const ACTION_NAME = /^[A-Z][A-Z_]{0,31}$/;
const blankAsMissing = (value: unknown) => (value === '' || value === null ? undefined : value);

/** POST /acc/api/qfOperationRecord/pageList: paging plus filters; `action` may be one value or several. */
export const operationLogQuerySchema = pageQuerySchema
  .extend({
    /** Part of the login name or of the person's name. */
    username: z.string().trim().max(64).optional(),
    module: z.string().trim().max(64).optional(),
    action: z.preprocess(
      (value) => {
        const given = blankAsMissing(value);
        return given === undefined || Array.isArray(given) ? given : [given];
      },
      z.array(z.string().regex(ACTION_NAME, 'validation.invalid')).max(OPERATION_ACTIONS.length * 2).optional(),
    ),
    result: z.preprocess(blankAsMissing, z.enum(OPERATION_RESULTS).optional()),
    ip: z.string().trim().max(64).optional(),
    /** Platform users only: one company's entries. Ignored for enterprise users, who see their own. */
    companyId: z.preprocess(blankAsMissing, z.uuid().optional()),
    beginTime: zDateTimeFilter,
    endTime: zDateTimeFilter,
  })
  .refine((q) => !q.beginTime || !q.endTime || q.beginTime <= q.endTime, {
    path: ['endTime'],
    message: 'validation.timeOrder',
  });
export type OperationLogQuery = z.input<typeof operationLogQuerySchema>;

export const operationLogItemSchema = z.object({
  id: z.string(),
  /** The login name the entry recorded. */
  username: z.string(),
  /** Who acted, as screens show them: the person's name, else the recorded login name. */
  operatorName: z
    .string()
    .describe("Who acted, as screens show them: the person's name, else the login name the entry recorded"),
  companyName: z.string(),
  module: z.string(),
  action: z.string(),
  target: z.string(),
  method: z.string(),
  url: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  params: z.string(),
  result: z.enum(OPERATION_RESULTS),
  errorCode: z.string(),
  durationMs: z.number(),
  createdAt: z.date(),
});
