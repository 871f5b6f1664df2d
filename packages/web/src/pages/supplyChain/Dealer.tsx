import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Form, Input, InputNumber, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_STATUSES, DEALER_LEVEL_MAX, DEALER_NAME_MAX, PERMISSIONS, type DealerRow, type Lang } from '@rd/contract';
import { areaName } from '@rd/contract/areas';
import { DEALERS_QUERY_KEY, DEALER_API, deleteDealer, exportDealers, fetchDealerPage, type DealerFilters } from '../../api/supplyChain';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { RowDeleteButton } from '../../components/RowDeleteButton';
import { SpreadsheetImportButtons } from '../../components/upload/SpreadsheetImportButtons';
import { EMPTY, formatDateTime } from '../../utils/format';
import { DealerDetailDrawer } from './DealerDetailDrawer';
import { DealerFormModal } from './DealerFormModal';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function dealerFilters(values: Record<string, unknown>): DealerFilters {
  return {
    keyword: text(values.keyword),
    level: typeof values.level === 'number' ? values.level : undefined,
    status: values.status as DealerFilters['status'],
    areaCode: text(values.areaCode),
  };
}

/** Dealers (经销商): the company's distribution network with levels and sales areas. */
export default function Dealer() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ dealer: DealerRow | null } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  // ?id=… (a link from a code's page) opens that dealer's details
  const [params] = useSearchParams();
  const linkedId = params.get('id');
  const [openedLink, setOpenedLink] = useState<string | null>(null);
  if (linkedId && linkedId !== openedLink) {
    setOpenedLink(linkedId);
    setViewing(linkedId);
  }
  const [filters, setFilters] = useState<DealerFilters>({});
  const removal = useMutation({
    mutationFn: (row: DealerRow) => deleteDealer(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: DEALERS_QUERY_KEY });
    },
  });

  const columns: TableColumnsType<DealerRow> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('supply.dealer.code'),
      sorter: true,
      className: 'cell-nowrap',
      render: (code: string, row) => (
        <Typography.Link onClick={() => setViewing(row.id)} title={t('supply.dealer.detail.open')} data-testid={`dealer-detail-${code}`}>
          {code}
        </Typography.Link>
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('supply.dealer.name'), sorter: true },
    { key: 'level', dataIndex: 'level', title: t('supply.dealer.level'), sorter: true, render: (level: number) => t('supply.dealer.levelN', { level }) },
    { key: 'parentName', dataIndex: 'parentName', title: t('supply.dealer.parent'), render: (v: string | null) => v ?? EMPTY },
    {
      key: 'areas',
      title: t('supply.dealer.areas'),
      render: (_, row) => (
        <Space size={4} wrap>
          {row.areaCodes.map((code) => (
            <Tag key={code}>{areaName(code, lang)}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'contact', title: t('supply.dealer.contact'), render: (_, row) => [row.contact, row.phone].filter(Boolean).join(' ') || EMPTY },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('supply.dealer.status'),
      sorter: true,
      render: (status: DealerRow['status']) => <Tag color={status === 'ENABLED' ? 'success' : 'default'}>{t(`supply.dealer.statuses.${status}`)}</Tag>,
    },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('supply.dealer.updatedAt'), sorter: true, className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.dealerEdit} type="link" size="small" onClick={() => setEditing({ dealer: row })} data-testid={`dealer-edit-${row.code}`}>
            {t('supply.dealer.edit')}
          </PermissionButton>
          <RowDeleteButton
            code={PERMISSIONS.dealerDelete}
            blockedReason={row.childCount > 0 ? t('supply.dealer.hasChildren') : undefined}
            confirmTitle={t('supply.dealer.deleteTitle')}
            confirmContent={t('supply.dealer.deleteConfirm', { name: row.name })}
            onConfirm={() => removal.mutateAsync(row)}
            testId={`dealer-delete-${row.code}`}
          >
            {t('supply.dealer.delete')}
          </RowDeleteButton>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<DealerRow, DealerFilters>
        queryKey={DEALERS_QUERY_KEY}
        fetchPage={fetchDealerPage}
        columns={columns}
        rowKey="id"
        toFilters={(values) => {
          const next = dealerFilters(values);
          setFilters(next);
          return next;
        }}
        searchFields={
          <>
            <Form.Item name="keyword" label={t('supply.dealer.keyword')}>
              <Input allowClear maxLength={DEALER_NAME_MAX} data-testid="dealer-search-keyword" />
            </Form.Item>
            <Form.Item name="level" label={t('supply.dealer.level')}>
              <InputNumber min={1} max={DEALER_LEVEL_MAX} precision={0} />
            </Form.Item>
            <Form.Item name="status" label={t('supply.dealer.status')}>
              <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={CATALOGUE_STATUSES.map((s) => ({ value: s, label: t(`supply.dealer.statuses.${s}`) }))} />
            </Form.Item>
          </>
        }
        toolbar={
          <Space>
            <PermissionButton code={PERMISSIONS.dealerAdd} type="primary" onClick={() => setEditing({ dealer: null })} data-testid="dealer-add">
              {t('supply.dealer.add')}
            </PermissionButton>
            <PermissionButton code={PERMISSIONS.dealerExport} onClick={() => void exportDealers(filters).catch(() => undefined)} data-testid="dealer-export">
              {t('supply.export')}
            </PermissionButton>
            <SpreadsheetImportButtons
              api={DEALER_API}
              permission={PERMISSIONS.dealerImport}
              templateName={t('supply.dealer.templateName')}
              invalidate={[DEALERS_QUERY_KEY]}
              testId="dealer"
            />
          </Space>
        }
      />
      {editing && <DealerFormModal dealer={editing.dealer} onClose={() => setEditing(null)} />}
      {viewing && <DealerDetailDrawer key={viewing} dealerId={viewing} onOpen={setViewing} onClose={() => setViewing(null)} />}
    </>
  );
}
