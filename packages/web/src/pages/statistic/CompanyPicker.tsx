import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, USER_TYPE } from '@rd/contract';
import { useStore } from '../../app/state/createStore';
import { sessionStore } from '../../app/state/sessionStore';
import { usePermission } from '../../components/usePermission';
import { useDebouncedValue } from '../../utils/useDebouncedValue';
import { fetchAuditPage } from '../company/companyInfoApi';

/** Companies a search offers at most. */
const OPTIONS_MAX = 50;

/** Platform users who may list companies pick one (none: every company); a company's users never see this. */
export function useCompanyPicking(): boolean {
  const platform = useStore(sessionStore, (s) => s.user !== null && s.user.userType !== USER_TYPE.ENTERPRISE);
  return usePermission(PERMISSIONS.companyAuditList) && platform;
}

/** A searchable company select (by name or merchant code, searched on the server a moment after typing). */
export function CompanyPicker({ value, onChange, testId }: { value?: string; onChange?: (companyId: string | undefined) => void; testId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, 300);
  const companies = useQuery({
    queryKey: ['statistics', 'companies', settled],
    queryFn: () => fetchAuditPage({ pageNum: 1, pageSize: OPTIONS_MAX, fullName: settled || undefined }),
  });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      style={{ width: 220 }}
      value={value}
      onChange={(v: string | undefined) => onChange?.(v)}
      placeholder={t('statistics.allCompanies')}
      loading={companies.isFetching}
      options={(companies.data?.list ?? []).map((c) => ({ value: c.companyId, label: c.fullName }))}
      data-testid={testId}
    />
  );
}
