import { z } from 'zod';
import { pageQuerySchema } from '../paging.js';
import { isEmail, isPhone, zString, EMAIL_MAX } from '../validators.js';

/**
 * Departments (api/pmcpDept, spec 7.8): a tree per company; the platform's own staff have a tree of
 * their own (no company). Messages are validation keys, translated by the server and the web forms.
 */

export const DEPT_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const deptStatusSchema = z.enum(DEPT_STATUSES);
export type DeptStatus = z.infer<typeof deptStatusSchema>;

export const DEPT_NAME_MAX = 50;
export const DEPT_LEADER_MAX = 20;
export const DEPT_SORT_MAX = 9999;

const deptName = zString().trim().min(1, 'validation.required').max(DEPT_NAME_MAX, 'validation.tooLong');
const deptSort = z
  .number({
    // Only the type error is ours; range errors keep their own keys (tooSmall / tooBig with the limit).
    error: (issue) => (issue.code === 'invalid_type' ? (issue.input === undefined ? 'validation.required' : 'validation.integer') : undefined),
  })
  .int('validation.integer')
  .min(0)
  .max(DEPT_SORT_MAX);
const deptLeader = zString().trim().max(DEPT_LEADER_MAX, 'validation.tooLong');
/** Optional contact fields: '' clears them; anything else must be a valid number / address. */
const deptPhone = zString()
  .trim()
  .refine((v) => v === '' || isPhone(v), 'validation.phone');
const deptEmail = zString()
  .trim()
  .refine((v) => v === '' || (v.length <= EMAIL_MAX && isEmail(v)), 'validation.email');
/** null (or nothing) places the department at the top of the tree. */
const deptParentId = z.uuid('validation.invalid').nullable();

export const deptAddBodySchema = z.object({
  parentId: deptParentId.optional().default(null),
  deptName,
  sort: deptSort.default(0),
  leader: deptLeader.default(''),
  phone: deptPhone.default(''),
  email: deptEmail.default(''),
  status: deptStatusSchema.default('ENABLED'),
});
export type DeptAddBody = z.input<typeof deptAddBodySchema>;

/** Edit changes only the fields that are sent; a different parentId moves the department with its subtree. */
export const deptEditBodySchema = z.object({
  id: z.uuid('validation.invalid'),
  parentId: deptParentId.optional(),
  deptName: deptName.optional(),
  sort: deptSort.optional(),
  leader: deptLeader.optional(),
  phone: deptPhone.optional(),
  email: deptEmail.optional(),
  status: deptStatusSchema.optional(),
});
export type DeptEditBody = z.input<typeof deptEditBodySchema>;

export const deptIdBodySchema = z.object({ id: z.uuid('validation.invalid') });
export const deptIdQuerySchema = z.object({ id: z.uuid('validation.invalid') });

export const deptPageQuerySchema = pageQuerySchema.extend({
  deptName: z.string().trim().max(DEPT_NAME_MAX).optional(),
  status: deptStatusSchema.optional(),
  parentId: z.uuid('validation.invalid').optional(),
});
export type DeptPageQuery = z.input<typeof deptPageQuerySchema>;

/** Filters of the tree: matching departments come with their ancestors so the tree stays connected. */
export const deptTreeQuerySchema = z.object({
  deptName: z.string().trim().max(DEPT_NAME_MAX).optional(),
  status: deptStatusSchema.optional(),
});
export type DeptTreeQuery = z.input<typeof deptTreeQuerySchema>;

export const deptRowSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  parentName: z.string(),
  deptName: z.string(),
  sort: z.number(),
  leader: z.string(),
  phone: z.string(),
  email: z.string(),
  status: deptStatusSchema,
  createdAt: z.date(),
  updatedAt: z.date(),
});
/** As the web client receives it: dates are ISO strings after JSON. */
export type DeptRow = Omit<z.infer<typeof deptRowSchema>, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

export interface DeptNode {
  id: string;
  parentId: string | null;
  deptName: string;
  sort: number;
  leader: string;
  phone: string;
  email: string;
  status: DeptStatus;
  children: DeptNode[];
}
export const deptNodeSchema: z.ZodType<DeptNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    parentId: z.string().nullable(),
    deptName: z.string(),
    sort: z.number(),
    leader: z.string(),
    phone: z.string(),
    email: z.string(),
    status: deptStatusSchema,
    children: z.array(deptNodeSchema),
  }),
);
// a named component of the OpenAPI document: a tree refers to itself, which only a named schema can
z.globalRegistry.add(deptNodeSchema, { id: 'DeptNode' });
