import {
  catalogueMessage,
  type DeptNode,
  type Lang,
  type deptAddBodySchema,
  type deptEditBodySchema,
  type deptTreeQuerySchema,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import { constraintOf, isForeignKeyViolation, isUniqueViolation } from '../../platform/db/constraintErrors.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, conflict, notFound } from '../../platform/http/appError.js';
import { DEPT_MESSAGES } from './messages.js';
import {
  countChildren,
  countMembers,
  deleteDept,
  deptFlatRows,
  deptRow,
  findDept,
  insertDept,
  lockCompanyTree,
  releaseDeletedMembers,
  rewriteSubtreePaths,
  siblingNameTaken,
  updateDept,
  type DeptValues,
} from './store.js';
import { ancestorIds, buildDeptTree, childPath, withAncestors } from './tree.js';

type AddBody = z.infer<typeof deptAddBodySchema>;
type EditBody = z.infer<typeof deptEditBodySchema>;
type TreeQuery = z.infer<typeof deptTreeQuerySchema>;

/** Sibling departments have different names (the form shows the message on the name field). */
function duplicateName(deptName: string, lang: Lang): AppError {
  const params = { field: DEPT_MESSAGES.deptNameLabel[lang], value: deptName };
  return new AppError('DUPLICATE', params, [{ field: 'deptName', message: catalogueMessage('DUPLICATE', lang, params) }]);
}

function parentInOwnSubtree(lang: Lang): AppError {
  return new AppError('PARAM_CHECK', undefined, [{ field: 'parentId', message: DEPT_MESSAGES.parentInOwnSubtree[lang] }]);
}

/** The caller's company tree; with filters, the matching departments and the ancestors that lead to them. */
export async function deptTree(db: Kysely<DB>, principal: Principal, filters: TreeQuery): Promise<DeptNode[]> {
  const rows = await deptFlatRows(db, principal.companyId);
  if (!filters.deptName && !filters.status) return buildDeptTree(rows);
  const name = filters.deptName?.toLowerCase();
  return buildDeptTree(
    withAncestors(
      rows,
      (row) => (!name || row.deptName.toLowerCase().includes(name)) && (!filters.status || row.status === filters.status),
    ),
  );
}

export async function getDept(db: Kysely<DB>, principal: Principal, id: string) {
  const row = await deptRow(db, principal.companyId, id);
  if (!row) throw notFound();
  return row;
}

export async function addDept(db: Kysely<DB>, principal: Principal, body: AddBody, lang: Lang) {
  const { companyId } = principal;
  let id: string;
  try {
    id = await db.transaction().execute(async (trx) => {
      let ancestors = '';
      if (body.parentId) {
        // Shared lock: the parent cannot move (which rewrites paths) until this child is in.
        const parent = await findDept(trx, companyId, body.parentId, 'share');
        if (!parent) throw notFound();
        ancestors = childPath(parent);
      }
      if (await siblingNameTaken(trx, companyId, body.parentId, body.deptName)) throw duplicateName(body.deptName, lang);
      return insertDept(trx, companyId, { ...body, ancestors });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(body.deptName, lang);
    throw error;
  }
  return getDept(db, principal, id);
}

/**
 * Changes the fields sent. A new parent moves the department with its whole subtree: never under itself or
 * one of its descendants, and every descendant's ancestor path is rewritten in the same transaction.
 */
export async function editDept(db: Kysely<DB>, principal: Principal, body: EditBody, lang: Lang) {
  const { companyId } = principal;
  let deptName = body.deptName ?? '';
  try {
    await db.transaction().execute(async (trx) => {
      await lockCompanyTree(trx, companyId);
      const current = await findDept(trx, companyId, body.id);
      if (!current) throw notFound();
      const parentId = body.parentId === undefined ? current.parent_id : body.parentId;
      const moving = parentId !== current.parent_id;
      let ancestors = current.ancestors;
      if (moving) {
        ancestors = '';
        if (parentId !== null) {
          const parent = await findDept(trx, companyId, parentId);
          if (!parent) throw notFound();
          if (parent.id === current.id || ancestorIds(parent.ancestors).includes(current.id)) throw parentInOwnSubtree(lang);
          ancestors = childPath(parent);
        }
      }
      const values: DeptValues = {
        parentId,
        ancestors,
        deptName: body.deptName ?? current.dept_name,
        sort: body.sort ?? current.sort,
        leader: body.leader ?? current.leader,
        phone: body.phone ?? current.phone,
        email: body.email ?? current.email,
        status: body.status ?? current.status,
      };
      deptName = values.deptName;
      if ((moving || values.deptName !== current.dept_name) && (await siblingNameTaken(trx, companyId, parentId, values.deptName, current.id))) {
        throw duplicateName(values.deptName, lang);
      }
      await updateDept(trx, current.id, values);
      if (moving) await rewriteSubtreePaths(trx, companyId, childPath(current), childPath({ id: current.id, ancestors }));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(deptName, lang);
    throw error;
  }
  return getDept(db, principal, body.id);
}

/** Refused while the department has sub-departments or (not deleted) users. */
export async function removeDept(db: Kysely<DB>, principal: Principal, id: string): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      // The row lock makes a concurrent add under this department wait, then count as a child.
      const dept = await findDept(trx, principal.companyId, id, 'update');
      if (!dept) throw notFound();
      if ((await countChildren(trx, id)) > 0) throw new AppError('DEPT_HAS_CHILDREN');
      if ((await countMembers(trx, id)) > 0) throw new AppError('DEPT_HAS_USERS');
      await releaseDeletedMembers(trx, id);
      await deleteDept(trx, id);
    });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    // Something came to refer to the department after the checks above.
    const constraint = constraintOf(error);
    if (constraint.startsWith('department_parent')) throw new AppError('DEPT_HAS_CHILDREN');
    if (constraint.startsWith('app_user')) throw new AppError('DEPT_HAS_USERS');
    throw conflict();
  }
}
