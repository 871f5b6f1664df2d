import type { Kysely } from 'kysely';
import type { CompanyInfoSnapshot, DB } from '../../platform/db/schema.js';
import { copyToCompany, recordTransition } from './store.js';

/**
 * Puts a company's info straight into the approved state, with the trail of a report that was submitted
 * and passed: for the demo company and for test and benchmark companies, which must be allowed to
 * generate codes without walking through the screens. Run it inside the caller's transaction.
 */
export async function writeApprovedInfo(
  db: Kysely<DB>,
  companyId: string,
  snapshot: CompanyInfoSnapshot,
  actors: { reporter: string | null; auditor: string | null },
): Promise<void> {
  const { reporter, auditor } = actors;
  const now = new Date();
  const columns = {
    status: 'APPROVED' as const,
    full_name: snapshot.fullName,
    simple_name: snapshot.simpleName,
    license_number: snapshot.licenseNumber,
    legal_person: snapshot.legalPerson,
    register_address: snapshot.registerAddress,
    business_term: snapshot.businessTerm,
    business_scope: snapshot.businessScope,
    contact_name: snapshot.contactName,
    contact_phone: snapshot.contactPhone,
    address: snapshot.address,
    website: snapshot.website,
    introduction: snapshot.introduction,
    logo_file_id: snapshot.logoFileId,
    license_file_id: snapshot.licenseFileId,
    submitted_at: now,
    submitted_by: reporter,
    audited_at: now,
    audited_by: auditor,
    approved: JSON.stringify(snapshot),
    approved_at: now,
    approved_revision: 1,
    updated_by: auditor,
  };
  await db
    .insertInto('company_info')
    .values({ company_id: companyId, ...columns, created_by: reporter })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...columns, revision: 1, updated_at: now }))
    .execute();
  await copyToCompany(db, companyId, snapshot);
  await recordTransition(db, { companyId, revision: 1, action: 'REPORT', from: null, to: 'DRAFT', actorId: reporter });
  await recordTransition(db, { companyId, revision: 1, action: 'SUBMIT', from: 'DRAFT', to: 'SUBMITTED', actorId: reporter });
  await recordTransition(db, { companyId, revision: 1, action: 'PASS', from: 'SUBMITTED', to: 'APPROVED', actorId: auditor });
}

/** Company info with only its name and credit code filled in (test and benchmark companies). */
export function namedSnapshot(fullName: string, licenseNumber: string): CompanyInfoSnapshot {
  return {
    fullName,
    simpleName: '',
    licenseNumber,
    legalPerson: '',
    registerAddress: '',
    businessTerm: '',
    businessScope: '',
    contactName: '',
    contactPhone: '',
    address: '',
    website: '',
    introduction: '',
    logoFileId: null,
    licenseFileId: null,
  };
}
