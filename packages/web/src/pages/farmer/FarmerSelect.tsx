import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@rd/contract';
import { FARMERS_QUERY_KEY, fetchFarmerPage } from '../../api/farmer';
import { usePermission } from '../../components/usePermission';
import { REMOTE_DEBOUNCE_MS } from '../../utils/debounceLatest';
import { useDebouncedValue } from '../../utils/useDebouncedValue';

/** Growers a search shows at most; typing more of the name narrows them. */
const FOUND_MAX = 20;

export interface FarmerSelectProps {
  /** The chosen grower's id; a form field's value. */
  value?: string | null;
  onChange?: (farmerId: string | null) => void;
  /** The current grower's name, shown before any search has found them. */
  currentName?: string | null;
  disabled?: boolean;
}

/**
 * One of the company's growers, found by name on the server as the user types (spec 9: the search waits
 * 300 ms after the last keystroke). Without the right to list growers the current one is still named.
 */
export function FarmerSelect({ value, onChange, currentName, disabled = false }: FarmerSelectProps) {
  const { t } = useTranslation();
  const canList = usePermission(PERMISSIONS.farmerList);
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), REMOTE_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: [...FARMERS_QUERY_KEY, 'select', keyword],
    queryFn: () => fetchFarmerPage({ pageNum: 1, pageSize: FOUND_MAX, name: keyword || undefined, status: 'ENABLED', orderName: 'name', orderType: 'asc' }),
    enabled: canList && !disabled,
    placeholderData: keepPreviousData,
  });
  const options = (found.data?.list ?? []).map((f) => ({ value: f.id, label: f.phone ? `${f.name}（${f.phone}）` : f.name }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: currentName ?? value });

  return (
    <Select
      allowClear
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      loading={found.isFetching}
      disabled={disabled || !canList}
      placeholder={canList ? t('farmer.picker.placeholder') : t('farmer.picker.noPermission')}
      options={options}
      data-testid="farmer-select"
    />
  );
}
