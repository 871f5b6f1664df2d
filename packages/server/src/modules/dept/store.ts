import type { DeptStatus, deptPageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';
import type { DeptFlat } from './tree.js';

/** Departments of one company; null is the platform's own tree. Checked in SQL, never after loading. */
function inCompany(column: string, companyId: string | null) {
  return companyId === null ? sql<boolean>`${sql.ref(column)} is null` : sql<boolean>`${sql.ref(column)} = ${companyId}`;
}

const SORT: SortSpec = {
  columns: { sort: 'd.sort', deptName: 'd.dept_name', status: 'd.status', createdAt: 'd.created_at' },
  defaultName: 'sort',
  defaultType: 'asc',
  tieBreaker: 'd.id',
};

function rowQuery(db: Kysely<DB>, companyId: string | null) {
  return db
    .selectFrom('department as d')
    .leftJoin('department as p', 'p.id', 'd.parent_id')
    .where(inCompany('d.company_id', companyId))
    .select([
      'd.id',
      'd.parent_id as parentId',
      sql<string>`coalesce(p.dept_name, '')`.as('parentName'),
      'd.dept_name as deptName',
      'd.sort',
      'd.leader',
      'd.phone',
      'd.email',
      'd.status',
      'd.created_at as createdAt',
      'd.updated_at as updatedAt',
    ]);
}

export async function deptPage(db: Kysely<DB>, companyId: string | null, query: z.infer<typeof deptPageQuerySchema>) {
  let q = rowQuery(db, companyId);
  if (query.deptName) q = q.where('d.dept_name', 'ilike', containsPattern(query.deptName));
  if (query.status) q = q.where('d.status', '=', query.status);
  if (query.parentId) q = q.where('d.parent_id', '=', query.parentId);
  return fetchPage(q, query, SORT);
}

export function deptRow(db: Kysely<DB>, companyId: string | null, id: string) {
  return rowQuery(db, companyId).where('d.id', '=', id).executeTakeFirst();
}

/** The company's whole tree, flat, siblings in display order. */
export function deptFlatRows(db: Kysely<DB>, companyId: string | null): Promise<DeptFlat[]> {
  return db
    .selectFrom('department as d')
    .where(inCompany('d.company_id', companyId))
    .select(['d.id', 'd.parent_id as parentId', 'd.ancestors', 'd.dept_name as deptName', 'd.sort', 'd.leader', 'd.phone', 'd.email', 'd.status'])
    .orderBy('d.sort')
    .orderBy('d.dept_name')
    .orderBy('d.id')
    .execute();
}

/**
 * One department of the company with its place in the tree. `lock` takes a row lock for the rest of the
 * transaction: 'share' keeps a parent from being moved while a child is added under it.
 */
export function findDept(db: Kysely<DB>, companyId: string | null, id: string, lock?: 'share' | 'update') {
  let q = db
    .selectFrom('department')
    .select(['id', 'parent_id', 'ancestors', 'dept_name', 'sort', 'leader', 'phone', 'email', 'status'])
    .where('id', '=', id)
    .where(inCompany('company_id', companyId));
  if (lock === 'share') q = q.forShare();
  if (lock === 'update') q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Locks every department of the company (in id order, so two callers never deadlock). A move rewrites the
 * ancestors of a whole subtree and checks for cycles: no other move or add may interleave with it.
 */
export async function lockCompanyTree(db: Kysely<DB>, companyId: string | null): Promise<void> {
  await db.selectFrom('department').select('id').where(inCompany('company_id', companyId)).orderBy('id').forUpdate().execute();
}

export async function siblingNameTaken(
  db: Kysely<DB>,
  companyId: string | null,
  parentId: string | null,
  deptName: string,
  exceptId?: string,
): Promise<boolean> {
  let q = db
    .selectFrom('department')
    .select('id')
    .where(inCompany('company_id', companyId))
    .where(parentId === null ? sql<boolean>`parent_id is null` : sql<boolean>`parent_id = ${parentId}`)
    .where('dept_name', '=', deptName);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface DeptValues {
  parentId: string | null;
  ancestors: string;
  deptName: string;
  sort: number;
  leader: string;
  phone: string;
  email: string;
  status: DeptStatus;
}

/** The values as department columns, for insert and update alike. */
function deptColumns(values: DeptValues) {
  return {
    parent_id: values.parentId,
    ancestors: values.ancestors,
    dept_name: values.deptName,
    sort: values.sort,
    leader: values.leader,
    phone: values.phone,
    email: values.email,
    status: values.status,
  };
}

export async function insertDept(db: Kysely<DB>, companyId: string | null, values: DeptValues): Promise<string> {
  const row = await db
    .insertInto('department')
    .values({ company_id: companyId, ...deptColumns(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDept(db: Kysely<DB>, id: string, values: DeptValues): Promise<void> {
  await db
    .updateTable('department')
    .set({ ...deptColumns(values), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * After a department moved, its descendants' paths start with its new path: every path equal to
 * `oldPath` or under it gets `newPath` in place of that prefix.
 */
export async function rewriteSubtreePaths(db: Kysely<DB>, companyId: string | null, oldPath: string, newPath: string) {
  await db
    .updateTable('department')
    .set({ ancestors: sql<string>`${newPath} || substr(ancestors, ${oldPath.length + 1})` })
    .where(inCompany('company_id', companyId))
    .where((eb) => eb.or([eb('ancestors', '=', oldPath), eb('ancestors', 'like', `${oldPath},%`)]))
    .execute();
}

export async function countChildren(db: Kysely<DB>, id: string): Promise<number> {
  const row = await db
    .selectFrom('department')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Users still in the department; deleted accounts do not keep it alive. */
export async function countMembers(db: Kysely<DB>, id: string): Promise<number> {
  const row = await db
    .selectFrom('app_user')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('dept_id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deleted accounts let go of the department so it can be removed. */
export async function releaseDeletedMembers(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable('app_user').set({ dept_id: null }).where('dept_id', '=', id).where('deleted', '=', true).execute();
}

export async function deleteDept(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('department').where('id', '=', id).execute();
}
