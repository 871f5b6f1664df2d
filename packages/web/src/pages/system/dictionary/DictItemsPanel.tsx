import { useState } from 'react';
import { App, Card, Form, Input, Space, Tag, type TableColumnsType } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DICT_NAME_MAX, DICT_STATUSES, PERMISSIONS, type DictItemPageQuery, type DictItemRow, type DictStatus } from '@rd/contract';
import type { PageParams } from '../../../api/admin';
import { deleteDictItem, editDictItem, fetchDictItemPage } from '../../../api/dict';
import { PagedTable } from '../../../components/PagedTable';
import { PermissionButton } from '../../../components/PermissionButton';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { useStore } from '../../../app/state/createStore';
import { appStore } from '../../../app/state/appStore';
import { entryLabel } from '../../../dict/dictionaries';
import { StatusFilterItem } from '../../../dict/StatusFilterItem';
import { EMPTY } from '../../../utils/format';
import { CodeWithBuiltinTag, DeleteUnlessBuiltin } from './builtinEntries';
import { DictItemFormModal } from './DictItemFormModal';
import { StatusSwitch } from './StatusSwitch';
import { DICT_ITEMS_QUERY_KEY, useDictionaryRefresh } from './useDictionaryRefresh';

type Filters = Pick<DictItemPageQuery, 'dicName' | 'status'>;

export interface DictItemsPanelProps {
  typeCode: string;
  typeName: string;
}

/** The items of one dictionary type: search, add, edit, enable / disable, delete. */
export function DictItemsPanel({ typeCode, typeName }: DictItemsPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const lang = useStore(appStore, (s) => s.language);
  const refresh = useDictionaryRefresh();
  const [editing, setEditing] = useState<{ item: DictItemRow | null } | null>(null);

  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: DictStatus }) => editDictItem({ id, status }),
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (item: DictItemRow) => deleteDictItem(item.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await refresh();
    },
  });

  const confirmDelete = (item: DictItemRow) =>
    confirm({
      title: t('dictionary.deleteItemTitle'),
      content: t('dictionary.deleteItemConfirm', { name: entryLabel(item, lang) }),
      action: () => remove.mutateAsync(item),
    });

  const columns: TableColumnsType<DictItemRow> = [
    {
      key: 'dicCode',
      dataIndex: 'dicCode',
      title: t('dictionary.dicCode'),
      sorter: true,
      render: (code: string, row) => <CodeWithBuiltinTag code={code} builtin={row.builtin} />,
    },
    { key: 'dicName', dataIndex: 'dicName', title: t('dictionary.dicName'), sorter: true },
    { key: 'dicNameEn', dataIndex: 'dicNameEn', title: t('dictionary.dicNameEn'), render: (v: string) => v || EMPTY },
    {
      key: 'preview',
      title: t('dictionary.preview'),
      render: (_, row) => <Tag color={row.tagColor || undefined}>{entryLabel(row, lang)}</Tag>,
    },
    { key: 'sort', dataIndex: 'sort', title: t('dictionary.sort'), sorter: true, width: 80 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('dictionary.status'),
      width: 90,
      render: (status: DictStatus, row) => (
        <StatusSwitch status={status} testId={`dict-item-status-${row.id}`} onChange={(next) => setStatus.mutate({ id: row.id, status: next })} />
      ),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.dictEdit} type="link" size="small" onClick={() => setEditing({ item: row })}>
            {t('dictionary.edit')}
          </PermissionButton>
          <DeleteUnlessBuiltin builtin={row.builtin} testId={`dict-item-delete-${row.id}`} onClick={() => confirmDelete(row)} />
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={t('dictionary.itemsOf', { name: typeName, code: typeCode })} data-testid="dict-items-panel">
      <PagedTable<DictItemRow, Filters>
        key={typeCode}
        queryKey={[...DICT_ITEMS_QUERY_KEY, typeCode]}
        fetchPage={(query: Filters & PageParams) => fetchDictItemPage({ ...query, typeCode })}
        columns={columns}
        rowKey="id"
        searchFields={
          <>
            <Form.Item name="dicName" label={t('dictionary.dicName')}>
              <Input allowClear maxLength={DICT_NAME_MAX} />
            </Form.Item>
            <StatusFilterItem label={t('dictionary.status')} statuses={DICT_STATUSES} />
          </>
        }
        toolbar={
          <PermissionButton code={PERMISSIONS.dictEdit} type="primary" data-testid="dict-item-add" onClick={() => setEditing({ item: null })}>
            {t('dictionary.addItem')}
          </PermissionButton>
        }
      />
      {editing && (
        <DictItemFormModal
          typeCode={typeCode}
          item={editing.item}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
