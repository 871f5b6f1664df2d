import type { Dayjs } from 'dayjs';
import type { UserFilters } from '../../../api/userinfo';
import { timeFilter } from '../../../utils/format';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const id = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The search form's values → list filters; the creation date range covers whole days. */
export function userSearchFilters(values: Record<string, unknown>): UserFilters {
  const range = values.createdRange as [Dayjs | null, Dayjs | null] | null | undefined;
  const status = values.status === '1' || values.status === '0' ? values.status : undefined;
  return {
    username: text(values.username),
    name: text(values.name),
    phone: text(values.phone),
    status,
    deptId: id(values.deptId),
    roleCode: id(values.roleCode),
    companyId: id(values.companyId),
    beginTime: timeFilter(range?.[0]?.startOf('day')),
    endTime: timeFilter(range?.[1]?.endOf('day')),
  };
}
