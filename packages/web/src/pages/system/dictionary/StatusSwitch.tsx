import { Switch } from 'antd';
import { PERMISSIONS, type DictStatus } from '@rd/contract';
import { usePermission } from '../../../components/usePermission';
import { DictTag } from '../../../dict/DictTag';
import { useDictionaries } from '../../../dict/useDictionaries';

export interface StatusSwitchProps {
  status: DictStatus;
  onChange: (status: DictStatus) => void;
  loading?: boolean;
  testId?: string;
}

/** Enabled / disabled as a switch for those who may edit dictionaries, as a tag for the others. */
export function StatusSwitch({ status, onChange, loading, testId }: StatusSwitchProps) {
  const canEdit = usePermission(PERMISSIONS.dictEdit);
  const { dictLabel } = useDictionaries();
  if (!canEdit) return <DictTag typeCode="sys_status" value={status} />;
  return (
    <Switch
      size="small"
      checked={status === 'ENABLED'}
      loading={loading}
      aria-label={dictLabel('sys_status', status)}
      data-testid={testId}
      onChange={(checked) => onChange(checked ? 'ENABLED' : 'DISABLED')}
    />
  );
}
