import type { CompanyInfoAction, CompanyInfoFields, companyInfoPageQuerySchema } from '@rd/contract';
import type { z } from 'zod';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { CompanyInfoSnapshot, CompanyInfoStatus, CompanyInfoTable, DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';
import { personName, personUsername } from '../userinfo/personName.js';

/** The columns of the working copy, from the reported fields. */
export function infoColumns(fields: CompanyInfoFields) {
  return {
    full_name: fields.fullName,
    simple_name: fields.simpleName,
    license_number: fields.licenseNumber,
    legal_person: fields.legalPerson,
    register_address: fields.registerAddress,
    business_term: fields.businessTerm,
    business_scope: fields.businessScope,
    contact_name: fields.contactName,
    contact_phone: fields.contactPhone,
    address: fields.address,
    website: fields.website,
    introduction: fields.introduction,
    logo_file_id: fields.logoFileId,
    license_file_id: fields.licenseFileId,
  };
}

/** The working copy's state, its row locked for the rest of the transaction; undefined before the first report. */
export function lockInfo(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('company_info')
    .selectAll()
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedInfo = NonNullable<Awaited<ReturnType<typeof lockInfo>>>;

/** The working copy as the snapshot kept in `approved` (the keys of CompanyInfoSnapshot). */
export function snapshotOf(row: LockedInfo): CompanyInfoSnapshot {
  return {
    fullName: row.full_name,
    simpleName: row.simple_name,
    licenseNumber: row.license_number,
    legalPerson: row.legal_person,
    registerAddress: row.register_address,
    businessTerm: row.business_term,
    businessScope: row.business_scope,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    address: row.address,
    website: row.website,
    introduction: row.introduction,
    logoFileId: row.logo_file_id,
    licenseFileId: row.license_file_id,
  };
}

export async function insertFirstReport(db: Kysely<DB>, companyId: string, actorId: string, fields: CompanyInfoFields): Promise<boolean> {
  const row = await db
    .insertInto('company_info')
    .values({ company_id: companyId, ...infoColumns(fields), created_by: actorId, updated_by: actorId })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .returning('company_id')
    .executeTakeFirst();
  return row !== undefined;
}

type InfoUpdate = Omit<Updateable<CompanyInfoTable>, 'company_id' | 'updated_by' | 'updated_at'>;

export async function updateInfo(db: Kysely<DB>, companyId: string, actorId: string, values: InfoUpdate): Promise<void> {
  await db
    .updateTable('company_info')
    
    .set({ ...values, updated_by: actorId, updated_at: sql`now()` })
    .where('company_id', '=', companyId)
    .execute();
}

export async function recordTransition(
  db: Kysely<DB>,
  entry: { companyId: string; revision: number; action: CompanyInfoAction; from: CompanyInfoStatus | null; to: CompanyInfoStatus; actorId: string | null; comment?: string },
): Promise<void> {
  await db
    .insertInto('company_info_audit')
    .values({
      company_id: entry.companyId,
      revision: entry.revision,
      action: entry.action,
      from_status: entry.from,
      to_status: entry.to,
      actor_id: entry.actorId,
      comment: entry.comment ?? '',
    })
    .execute();
}

/** Names, licence and terms of the company as registered (updated from each approved report). */
export function registeredCompany(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('company')
    .select([
      'id as companyId',
      'merchant_code as merchantCode',
      'full_name as fullName',
      'simple_name as simpleName',
      'license_number as licenseNumber',
      'register_address as registerAddress',
      'business_term as businessTerm',
      'business_scope as businessScope',
    ])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

/** The approved copy becomes the company's registered names, licence and terms. */
export async function copyToCompany(db: Kysely<DB>, companyId: string, snapshot: CompanyInfoSnapshot): Promise<void> {
  await db
    .updateTable('company')
    .set({
      full_name: snapshot.fullName,
      simple_name: snapshot.simpleName,
      license_number: snapshot.licenseNumber,
      register_address: snapshot.registerAddress,
      business_term: snapshot.businessTerm,
      business_scope: snapshot.businessScope,
      updated_at: sql`now()`,
    })
    .where('id', '=', companyId)
    .execute();
}

export function infoRow(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('company_info as i')
    .innerJoin('company as c', 'c.id', 'i.company_id')
    .select([
      'i.company_id as companyId',
      'c.merchant_code as merchantCode',
      'i.status',
      'i.revision',
      'i.full_name as fullName',
      'i.simple_name as simpleName',
      'i.license_number as licenseNumber',
      'i.legal_person as legalPerson',
      'i.register_address as registerAddress',
      'i.business_term as businessTerm',
      'i.business_scope as businessScope',
      'i.contact_name as contactName',
      'i.contact_phone as contactPhone',
      'i.address',
      'i.website',
      'i.introduction',
      'i.logo_file_id as logoFileId',
      'i.license_file_id as licenseFileId',
      'i.reject_reason as rejectReason',
      'i.submitted_at as submittedAt',
      'i.audited_at as auditedAt',
      'i.approved',
      'i.approved_at as approvedAt',
      'i.approved_revision as approvedRevision',
      'i.created_at as createdAt',
      'i.updated_at as updatedAt',
    ])
    .where('i.company_id', '=', companyId)
    .executeTakeFirst();
}

/** The audit trail of a company, oldest first, with who acted. */
export function trailOf(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('company_info_audit as a')
    .leftJoin('app_user as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.revision',
      'a.action',
      'a.from_status as fromStatus',
      'a.to_status as toStatus',
      personName('u').as('actorName'),
      personUsername('u').as('actorUsername'),
      'a.comment',
      'a.created_at as createdAt',
    ])
    .where('a.company_id', '=', companyId)
    .orderBy('a.id')
    .execute();
}

const SORT: SortSpec = {
  columns: {
    fullName: 'i.full_name',
    merchantCode: 'c.merchant_code',
    status: 'i.status',
    submittedAt: 'i.submitted_at',
    approvedAt: 'i.approved_at',
    updatedAt: 'i.updated_at',
  },
  defaultName: 'updatedAt',
  defaultType: 'desc',
  tieBreaker: 'i.company_id',
};

/** Reports of every company for the auditors, filtered by status and by part of the name or merchant code. */
export function infoPage(db: Kysely<DB>, query: z.infer<typeof companyInfoPageQuerySchema>) {
  let q = db
    .selectFrom('company_info as i')
    .innerJoin('company as c', 'c.id', 'i.company_id')
    .select([
      'i.company_id as companyId',
      'c.merchant_code as merchantCode',
      'i.full_name as fullName',
      'i.license_number as licenseNumber',
      'i.status',
      'i.revision',
      'i.submitted_at as submittedAt',
      'i.approved_at as approvedAt',
      'i.updated_at as updatedAt',
    ]);
  if (query.status) q = q.where('i.status', '=', query.status);
  if (query.fullName) {
    const pattern = containsPattern(query.fullName);
    q = q.where((eb) => eb.or([eb('i.full_name', 'ilike', pattern), eb('c.merchant_code', 'ilike', pattern)]));
  }
  return fetchPage(q, query, SORT);
}

/**
 * The stored picture a company's report names (logo or licence, of the working copy or of the approved
 * snapshot), with what it takes to stream it; undefined when the report names none.
 */
export async function reportImage(db: Kysely<DB>, companyId: string, kind: 'logo' | 'license', copy: 'working' | 'approved') {
  const info = await db
    .selectFrom('company_info')
    .select(['logo_file_id', 'license_file_id', 'approved'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!info) return undefined;
  const fileId =
    copy === 'approved'
      ? (kind === 'logo' ? info.approved?.logoFileId : info.approved?.licenseFileId)
      : kind === 'logo'
        ? info.logo_file_id
        : info.license_file_id;
  if (!fileId) return undefined;
  const file = await db
    .selectFrom('stored_file')
    .select(['sha256', 'size_bytes as size', 'content_type as contentType'])
    .where('id', '=', fileId)
    .where('company_id', '=', companyId)
    .where('content_type', 'like', 'image/%')
    .executeTakeFirst();
  return file ? { ...file, size: Number(file.size) } : undefined;
}
