import type { Lang, UserExportBody } from '@rd/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';
import { businessClock, type BusinessClock } from '../../platform/export/businessClock.js';
import { xlsxStream, type XlsxColumn } from '../../platform/export/xlsx.js';
import { orderColumn } from '../../platform/paging.js';
import { sexOptions, statusOf } from './service.js';
import { exportedUsers, USER_SORT, type UserRow } from './store.js';
import { EXPORT_TEXTS, STATUS_LABELS } from './texts.js';

/** 用户列表-20260131.xlsx / Users-20260131.xlsx */
export function userExportFileName(lang: Lang, timeZone: string, now = new Date()): string {
  return `${EXPORT_TEXTS[lang].fileName}-${businessClock(timeZone).dateStamp(now)}.xlsx`;
}

function columns(lang: Lang, clock: BusinessClock, withCompany: boolean, sexLabels: ReadonlyMap<string, string>): XlsxColumn<UserRow>[] {
  const t = EXPORT_TEXTS[lang];
  const roleName = (r: UserRow['roles'][number]) => (lang === 'en_US' && r.roleNameEn ? r.roleNameEn : r.roleName);
  const all: Array<XlsxColumn<UserRow> | false> = [
    { header: t.userCode, width: 14, text: true, value: (u) => u.user_code },
    { header: t.username, width: 18, value: (u) => u.username },
    { header: t.name, width: 14, value: (u) => u.name },
    { header: t.sex, width: 8, value: (u) => sexLabels.get(u.sex) ?? u.sex },
    withCompany && { header: t.companyName, width: 24, value: (u) => u.company_name },
    { header: t.deptName, width: 16, value: (u) => u.dept_name },
    { header: t.jobTitle, width: 14, value: (u) => u.job_title },
    { header: t.roles, width: 24, value: (u) => u.roles.map(roleName).join(', ') },
    { header: t.phone, width: 14, text: true, value: (u) => u.phone },
    { header: t.email, width: 24, value: (u) => u.email },
    { header: t.birthdate, width: 12, value: (u) => u.birthdate ?? '' },
    { header: t.contractStart, width: 14, value: (u) => u.contract_start ?? '' },
    { header: t.contractEnd, width: 14, value: (u) => u.contract_end ?? '' },
    { header: t.status, width: 8, value: (u) => STATUS_LABELS[lang][statusOf(u.status)] },
    { header: t.lastLoginAt, width: 20, value: (u) => clock.dateTime(u.last_login_at) },
    { header: t.createdAt, width: 20, value: (u) => clock.dateTime(u.created_at) },
  ];
  return all.filter((c): c is XlsxColumn<UserRow> => c !== false);
}

/**
 * The users matching the filters (or the listed ids) as an .xlsx stream, in the list's order. The sort
 * name is checked before the stream starts, so a bad one is still a PARAM_CHECK answer.
 */
export async function userExport(
  db: Kysely<DB>,
  actor: Principal,
  lang: Lang,
  timeZone: string,
  body: UserExportBody,
  onError: (error: unknown) => void,
) {
  const order = { column: orderColumn(USER_SORT, body.orderName), direction: body.orderType ?? USER_SORT.defaultType };
  const sexLabels = new Map((await sexOptions(db, lang)).map((o) => [o.value, o.label]));
  return xlsxStream({
    sheetName: EXPORT_TEXTS[lang].sheetName,
    columns: columns(lang, businessClock(timeZone), actor.userType !== '3', sexLabels),
    rows: exportedUsers(db, actor, body, order),
    onError,
  });
}
