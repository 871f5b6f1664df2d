import { useState } from 'react';
import { App, Empty, Form, Input, Space, type TableColumnsType } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DICT_NAME_MAX,
  DICT_STATUSES,
  DICT_TYPE_CODE_MAX,
  PERMISSIONS,
  type DictStatus,
  type DictTypePageQuery,
  type DictTypeRow,
} from '@rd/contract';
import { deleteDictType, editDictType, fetchDictTypePage } from '../../api/dict';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { useConfirmAction } from '../../components/useConfirmAction';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { StatusFilterItem } from '../../dict/StatusFilterItem';
import { EMPTY } from '../../utils/format';
import { CodeWithBuiltinTag, DeleteUnlessBuiltin } from './dictionary/builtinEntries';
import { DictItemsPanel } from './dictionary/DictItemsPanel';
import { DictTypeFormModal } from './dictionary/DictTypeFormModal';
import { StatusSwitch } from './dictionary/StatusSwitch';
import { DICT_TYPES_QUERY_KEY, useDictionaryRefresh } from './dictionary/useDictionaryRefresh';

type Filters = Pick<DictTypePageQuery, 'typeCode' | 'typeName' | 'status'>;

/** The name of a type in the current language. */
function typeLabel(type: Pick<DictTypeRow, 'typeName' | 'typeNameEn'>, lang: string): string {
  return lang === 'en_US' && type.typeNameEn ? type.typeNameEn : type.typeName;
}

/** Dictionaries (platform administration): the types on top, the items of the chosen type below. */
export default function Dictionary() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const lang = useStore(appStore, (s) => s.language);
  const refresh = useDictionaryRefresh();
  const [selected, setSelected] = useState<DictTypeRow | null>(null);
  const [editing, setEditing] = useState<{ type: DictTypeRow | null } | null>(null);

  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: DictStatus }) => editDictType({ id, status }),
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (type: DictTypeRow) => deleteDictType(type.id),
    onSuccess: async (_, type) => {
      void message.success(t('common.operationSuccess'));
      if (selected?.id === type.id) setSelected(null);
      await refresh();
    },
  });

  const confirmDelete = (type: DictTypeRow) =>
    confirm({
      title: t('dictionary.deleteTypeTitle'),
      content: t('dictionary.deleteTypeConfirm', { name: typeLabel(type, lang) }),
      action: () => remove.mutateAsync(type),
    });

  const columns: TableColumnsType<DictTypeRow> = [
    {
      key: 'typeCode',
      dataIndex: 'typeCode',
      title: t('dictionary.typeCode'),
      sorter: true,
      render: (code: string, row) => <CodeWithBuiltinTag code={code} builtin={row.builtin} />,
    },
    { key: 'typeName', dataIndex: 'typeName', title: t('dictionary.typeName'), sorter: true },
    { key: 'typeNameEn', dataIndex: 'typeNameEn', title: t('dictionary.typeNameEn'), render: (v: string) => v || EMPTY },
    { key: 'itemCount', dataIndex: 'itemCount', title: t('dictionary.itemCount'), width: 90 },
    { key: 'sort', dataIndex: 'sort', title: t('dictionary.sort'), sorter: true, width: 80 },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('dictionary.status'),
      width: 90,
      render: (status: DictStatus, row) => (
        <StatusSwitch status={status} testId={`dict-type-status-${row.id}`} onChange={(next) => setStatus.mutate({ id: row.id, status: next })} />
      ),
    },
    { key: 'remark', dataIndex: 'remark', title: t('dictionary.remark'), ellipsis: true, render: (v: string) => v || EMPTY },
    {
      key: 'operation',
      title: t('common.operation'),
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.dictList} type="link" size="small" data-testid={`dict-type-items-${row.typeCode}`} onClick={() => setSelected(row)}>
            {t('dictionary.showItems')}
          </PermissionButton>
          <PermissionButton code={PERMISSIONS.dictEdit} type="link" size="small" onClick={() => setEditing({ type: row })}>
            {t('dictionary.edit')}
          </PermissionButton>
          <DeleteUnlessBuiltin builtin={row.builtin} testId={`dict-type-delete-${row.typeCode}`} onClick={() => confirmDelete(row)} />
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PagedTable<DictTypeRow, Filters>
        queryKey={DICT_TYPES_QUERY_KEY}
        fetchPage={fetchDictTypePage}
        columns={columns}
        rowKey="id"
        searchFields={
          <>
            <Form.Item name="typeCode" label={t('dictionary.typeCode')}>
              <Input allowClear maxLength={DICT_TYPE_CODE_MAX} data-testid="dict-type-search-code" />
            </Form.Item>
            <Form.Item name="typeName" label={t('dictionary.typeName')}>
              <Input allowClear maxLength={DICT_NAME_MAX} />
            </Form.Item>
            <StatusFilterItem label={t('dictionary.status')} statuses={DICT_STATUSES} />
          </>
        }
        toolbar={
          <PermissionButton code={PERMISSIONS.dictEdit} type="primary" data-testid="dict-type-add" onClick={() => setEditing({ type: null })}>
            {t('dictionary.addType')}
          </PermissionButton>
        }
      />
      {selected ? (
        <DictItemsPanel typeCode={selected.typeCode} typeName={typeLabel(selected, lang)} />
      ) : (
        <Empty description={t('dictionary.pickType')} />
      )}
      {editing && (
        <DictTypeFormModal
          type={editing.type}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Space>
  );
}
