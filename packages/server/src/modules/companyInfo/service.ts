import {
  companyInfoActionAllowed,
  type CompanyInfoAction,
  type CompanyInfoFields,
  type Lang,
  type companyInfoPageQuerySchema,
  type companyInfoViewSchema,
} from '@rd/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { accessDenied, notFound } from '../../platform/http/appError.js';
import { assertCompanyFiles } from '../product/companyFiles.js';
import { ownCompany } from '../product/ownCompany.js';
import {
  copyToCompany,
  infoColumns,
  infoPage,
  infoRow,
  insertFirstReport,
  lockInfo,
  recordTransition,
  registeredCompany,
  reportImage,
  snapshotOf,
  trailOf,
  updateInfo,
  type LockedInfo,
} from './store.js';
import { assertLicenseFree } from './licenseUnique.js';
import { TransitionRefused } from './transitionRefused.js';

/*
 * The company-info state machine (DOMAIN.md "Company info"). Each operation runs in one transaction with
 * the working copy's row locked, checks the current state, changes it and writes the audit trail row.
 *
 *   report      (none)               → DRAFT
 *   editReport  DRAFT | REJECTED     → DRAFT (in place)   APPROVED → DRAFT (revision + 1; approved copy kept)
 *   submit      DRAFT | REJECTED     → SUBMITTED
 *   unSubmit    SUBMITTED            → DRAFT
 *   auditPass   SUBMITTED            → APPROVED (the working copy becomes the approved snapshot)
 *   auditReject SUBMITTED            → REJECTED (with the reason)
 */

type PageQuery = z.infer<typeof companyInfoPageQuerySchema>;
/** As the server answers it (times as Date; the web client reads them as text). */
type CompanyInfoView = z.infer<typeof companyInfoViewSchema>;

/**
 * Logo and licence are pictures the company stored itself (another company's file counts as missing), and
 * the credit code is not another company's.
 */
async function checkReferences(trx: Kysely<DB>, companyId: string, fields: CompanyInfoFields, lang: Lang): Promise<void> {
  const ids = [fields.logoFileId, fields.licenseFileId].filter((id): id is string => id !== null);
  await assertCompanyFiles(trx, companyId, ids, 'image');
  await assertLicenseFree(trx, fields.licenseNumber, lang, { companyId });
}

/**
 * Locks the working copy and refuses the action unless the state machine (COMPANY_INFO_TRANSITIONS)
 * allows it from the current state. Before the first report the company is told so; for auditors a
 * company without a report is simply not there.
 */
async function lockFor(trx: Kysely<DB>, companyId: string, action: Exclude<CompanyInfoAction, 'REPORT'>): Promise<LockedInfo> {
  const row = await lockInfo(trx, companyId);
  if (!row) throw action === 'PASS' || action === 'REJECT' ? notFound() : new TransitionRefused(null, action);
  if (!companyInfoActionAllowed(action, row.status)) throw new TransitionRefused(row.status, action);
  return row;
}

/** The company, its report (null before the first) and its trail. */
async function viewOf(db: Kysely<DB>, companyId: string): Promise<CompanyInfoView> {
  const company = await registeredCompany(db, companyId);
  if (!company) throw notFound();
  const [info, trail] = await Promise.all([infoRow(db, companyId), trailOf(db, companyId)]);
  return { company, info: info ?? null, trail };
}

export function ownCompanyInfo(db: Kysely<DB>, principal: Principal): Promise<CompanyInfoView> {
  return viewOf(db, ownCompany(principal));
}

/** The first report of the caller's company: a DRAFT of revision 1. */
export async function report(db: Kysely<DB>, principal: Principal, fields: CompanyInfoFields, lang: Lang): Promise<CompanyInfoView> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (trx) => {
    await checkReferences(trx, companyId, fields, lang);
    if (!(await insertFirstReport(trx, companyId, principal.userId, fields))) {
      const current = await lockInfo(trx, companyId);
      throw new TransitionRefused(current?.status ?? null, 'REPORT');
    }
    await recordTransition(trx, { companyId, revision: 1, action: 'REPORT', from: null, to: 'DRAFT', actorId: principal.userId });
  });
  return viewOf(db, companyId);
}

/**
 * Changes the report. A draft or a rejected report is changed in place (and is a draft again); an approved
 * one starts a new draft revision while its approved snapshot stays what the public pages show, and what
 * lets the company keep generating codes, until the new revision passes audit.
 */
export async function editReport(db: Kysely<DB>, principal: Principal, fields: CompanyInfoFields, lang: Lang): Promise<CompanyInfoView> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (trx) => {
    const current = await lockFor(trx, companyId, 'EDIT');
    await checkReferences(trx, companyId, fields, lang);
    const revision = current.status === 'APPROVED' ? current.revision + 1 : current.revision;
    await updateInfo(trx, companyId, principal.userId, { ...infoColumns(fields), status: 'DRAFT', revision });
    await recordTransition(trx, { companyId, revision, action: 'EDIT', from: current.status, to: 'DRAFT', actorId: principal.userId });
  });
  return viewOf(db, companyId);
}

export async function submit(db: Kysely<DB>, principal: Principal): Promise<CompanyInfoView> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (trx) => {
    const current = await lockFor(trx, companyId, 'SUBMIT');
    await updateInfo(trx, companyId, principal.userId, { status: 'SUBMITTED', submitted_at: new Date(), submitted_by: principal.userId });
    await recordTransition(trx, { companyId, revision: current.revision, action: 'SUBMIT', from: current.status, to: 'SUBMITTED', actorId: principal.userId });
  });
  return viewOf(db, companyId);
}

/** Takes a submitted report back to a draft before an auditor decides. */
export async function unSubmit(db: Kysely<DB>, principal: Principal): Promise<CompanyInfoView> {
  const companyId = ownCompany(principal);
  await db.transaction().execute(async (trx) => {
    const current = await lockFor(trx, companyId, 'UNSUBMIT');
    await updateInfo(trx, companyId, principal.userId, { status: 'DRAFT' });
    await recordTransition(trx, { companyId, revision: current.revision, action: 'UNSUBMIT', from: current.status, to: 'DRAFT', actorId: principal.userId });
  });
  return viewOf(db, companyId);
}

/**
 * Auditing is platform work across companies (DOMAIN.md "Tenancy"); the permissions are platform-only,
 * and an enterprise account is refused here too in case such a grant ever slipped through.
 */
function assertPlatform(principal: Principal): void {
  if (principal.companyId !== null) throw accessDenied();
}

export function auditPage(db: Kysely<DB>, principal: Principal, query: PageQuery) {
  assertPlatform(principal);
  return infoPage(db, query);
}

/** Any company's report and trail, for the auditors; a company that never reported answers NOT_FOUND. */
export async function auditView(db: Kysely<DB>, principal: Principal, companyId: string): Promise<CompanyInfoView> {
  assertPlatform(principal);
  const view = await viewOf(db, companyId);
  if (!view.info) throw notFound();
  return view;
}

/** The submitted copy becomes the approved snapshot and the company's registered names and licence. */
export async function auditPass(db: Kysely<DB>, principal: Principal, companyId: string): Promise<CompanyInfoView> {
  assertPlatform(principal);
  await db.transaction().execute(async (trx) => {
    const current = await lockFor(trx, companyId, 'PASS');
    const snapshot = snapshotOf(current);
    const now = new Date();
    await updateInfo(trx, companyId, principal.userId, {
      status: 'APPROVED',
      reject_reason: '',
      audited_at: now,
      audited_by: principal.userId,
      approved: JSON.stringify(snapshot),
      approved_at: now,
      approved_revision: current.revision,
    });
    await copyToCompany(trx, companyId, snapshot);
    await recordTransition(trx, { companyId, revision: current.revision, action: 'PASS', from: 'SUBMITTED', to: 'APPROVED', actorId: principal.userId });
  });
  return auditView(db, principal, companyId);
}

export async function auditReject(db: Kysely<DB>, principal: Principal, companyId: string, reason: string): Promise<CompanyInfoView> {
  assertPlatform(principal);
  await db.transaction().execute(async (trx) => {
    const current = await lockFor(trx, companyId, 'REJECT');
    await updateInfo(trx, companyId, principal.userId, { status: 'REJECTED', reject_reason: reason, audited_at: new Date(), audited_by: principal.userId });
    await recordTransition(trx, {
      companyId,
      revision: current.revision,
      action: 'REJECT',
      from: 'SUBMITTED',
      to: 'REJECTED',
      actorId: principal.userId,
      comment: reason,
    });
  });
  return auditView(db, principal, companyId);
}

/**
 * A picture of any company's report for the auditors (the file routes serve only the caller's own
 * company's files); one the report does not name is NOT_FOUND.
 */
export async function auditImage(db: Kysely<DB>, principal: Principal, query: { id: string; kind: 'logo' | 'license'; copy: 'working' | 'approved' }) {
  assertPlatform(principal);
  const file = await reportImage(db, query.id, query.kind, query.copy);
  if (!file) throw notFound();
  return file;
}
