import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.js';
import { writeApprovedInfo } from '../modules/companyInfo/approvedInfo.js';

/**
 * The demo cooperative's company info, reported by its administrator and passed by the demo auditor, so
 * the portal can generate codes and the scan pages show an approved company from the first start.
 */
export async function seedDemoCompanyInfo(
  db: Kysely<DB>,
  companyId: string,
  actors: { reporter: string | null; auditor: string | null },
): Promise<void> {
  const company = await db
    .selectFrom('company')
    .select(['full_name', 'simple_name', 'license_number', 'register_address', 'business_term', 'business_scope'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  await writeApprovedInfo(
    db,
    companyId,
    {
      fullName: company.full_name,
      simpleName: company.simple_name,
      licenseNumber: company.license_number,
      legalPerson: '王建国',
      registerAddress: company.register_address,
      businessTerm: company.business_term,
      businessScope: company.business_scope,
      contactName: '王建国',
      contactPhone: '010-89281234',
      address: '北京市大兴区庞各庄镇西瓜产业园 1 号',
      website: '',
      introduction: '合作社成立于 2012 年，组织成员在永定河畔沙地种植京欣、L600 等品种西瓜，统一技术标准、统一采收与检测。',
      logoFileId: null,
      licenseFileId: null,
    },
    actors,
  );
}
