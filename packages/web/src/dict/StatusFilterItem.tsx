import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictionaries } from './useDictionaries';

export interface StatusFilterItemProps {
  label: string;
  /** The statuses the list knows, named by the sys_status dictionary. */
  statuses: readonly string[];
}

/** The "status" field of a search form: empty for all, or one status. */
export function StatusFilterItem({ label, statuses }: StatusFilterItemProps) {
  const { t } = useTranslation();
  const { dictLabel } = useDictionaries();
  return (
    <Form.Item name="status" label={label}>
      <Select
        allowClear
        style={{ width: 120 }}
        placeholder={t('common.all')}
        options={statuses.map((value) => ({ value, label: dictLabel('sys_status', value) }))}
      />
    </Form.Item>
  );
}
