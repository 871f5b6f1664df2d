import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, DatePicker, Form, Input, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { BATCH_NO_MAX, PERMISSIONS, type BatchPageQuery, type BatchRow } from '@rd/contract';
import { FARMERS_QUERY_KEY } from '../../api/farmer';
import { PRODUCTS_QUERY_KEY, fetchProductOptions } from '../../api/product';
import { BATCHES_QUERY_KEY, deleteBatch, exportBatchCodes, fetchBatchPage } from '../../api/productBatch';
import { BindingPageLink } from '../../components/BindingPageLink';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { exportEpcis } from '../../api/supplyChain';
import { RowDeleteButton } from '../../components/RowDeleteButton';
import { usePermission } from '../../components/usePermission';
import { DATE_FORMAT, EMPTY, formatDate, formatDateTime } from '../../utils/format';
import { produceLink } from '../public/binding/bindingLinks';
import { BatchDrawer } from './productBatch/BatchDrawer';

type BatchFilters = Pick<
  BatchPageQuery,
  'productId' | 'batchNo' | 'productionDateBegin' | 'productionDateEnd' | 'expiryDateBegin' | 'expiryDateEnd'
>;

type Range = [Dayjs | null, Dayjs | null] | null | undefined;
const day = (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMAT) : undefined);

/** The search form's values → list filters: date ranges become begin / end days. */
export function batchFilters(values: Record<string, unknown>): BatchFilters {
  const produced = values.productionRange as Range;
  const expires = values.expiryRange as Range;
  return {
    productId: typeof values.productId === 'string' ? values.productId : undefined,
    batchNo: typeof values.batchNo === 'string' && values.batchNo.trim() ? values.batchNo.trim() : undefined,
    productionDateBegin: day(produced?.[0]),
    productionDateEnd: day(produced?.[1]),
    expiryDateBegin: day(expires?.[0]),
    expiryDateEnd: day(expires?.[1]),
  };
}

/**
 * Product batches (spec 7.6; never cached): search, paged list, add and edit in a drawer, delete while
 * no code is bound, the bound codes as an .xlsx file, and binding codes to the batch (the production-line
 * page with the batch picked).
 */
export default function ProductBatch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ batchId: string | null } | null>(null);
  // ?id=… (a link from a code's page) opens that batch
  const [params] = useSearchParams();
  const linkedId = params.get('id');
  const [openedLink, setOpenedLink] = useState<string | null>(null);
  if (linkedId && linkedId !== openedLink) {
    setOpenedLink(linkedId);
    setEditing({ batchId: linkedId });
  }
  // the product filter needs the product list; without it the screen still lists every batch
  const canSeeProducts = usePermission(PERMISSIONS.productList);
  const products = useQuery({ queryKey: [...PRODUCTS_QUERY_KEY, 'options'], queryFn: () => fetchProductOptions(), enabled: canSeeProducts });

  const removal = useMutation({
    mutationFn: (row: BatchRow) => deleteBatch(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: BATCHES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: FARMERS_QUERY_KEY });
    },
  });

  const columns: TableColumnsType<BatchRow> = [
    { key: 'batchNo', dataIndex: 'batchNo', title: t('productBatch.batchNo'), sorter: true },
    { key: 'productName', dataIndex: 'productName', title: t('productBatch.product'), sorter: true },
    { key: 'productionDate', dataIndex: 'productionDate', title: t('productBatch.productionDate'), sorter: true, render: (v: string | null) => formatDate(v) },
    { key: 'expiryDate', dataIndex: 'expiryDate', title: t('productBatch.expiryDate'), sorter: true, render: (v: string | null) => formatDate(v) },
    { key: 'quantity', dataIndex: 'quantity', title: t('productBatch.quantity'), sorter: true, render: (v: number) => v.toLocaleString() },
    { key: 'farmerName', dataIndex: 'farmerName', title: t('farmer.picker.label'), render: (v: string | null) => v ?? EMPTY },
    { key: 'origin', dataIndex: 'origin', title: t('productBatch.origin'), ellipsis: true, render: (v: string) => v || EMPTY },
    // bound (generated for the batch or bound to it), in force and voided apart: bound codes are not all in force
    { key: 'boundCount', dataIndex: 'boundCount', title: t('productBatch.codeCount'), align: 'right', render: (v: number) => v.toLocaleString() },
    { key: 'activatedCount', dataIndex: 'activatedCount', title: t('productBatch.activatedCount'), align: 'right', render: (v: number) => v.toLocaleString() },
    { key: 'voidedCount', dataIndex: 'voidedCount', title: t('productBatch.voidedCount'), align: 'right', render: (v: number) => v.toLocaleString() },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('productBatch.updatedAt'),
      sorter: true,
      className: 'cell-nowrap',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.batchAdd} type="link" size="small" onClick={() => setEditing({ batchId: row.id })} data-testid={`batch-edit-${row.id}`}>
            {t('productBatch.edit')}
          </PermissionButton>
          <BindingPageLink
            type="link"
            size="small"
            to={produceLink({ productId: row.productId, batchId: row.id })}
            hint={t('bindingGuide.links.produceBatchHint')}
            testId={`batch-bind-${row.id}`}
          >
            {t('bindingGuide.links.produce')}
          </BindingPageLink>
          <Tooltip title={row.codeCount === 0 ? t('productBatch.noCodes') : undefined}>
            <PermissionButton
              code={PERMISSIONS.batchExport}
              type="link"
              size="small"
              disabled={row.codeCount === 0}
              onClick={() => void exportBatchCodes(row.id, t('productBatch.exportFileName')).catch(() => undefined)}
              data-testid={`batch-export-${row.id}`}
            >
              {t('productBatch.exportCodes')}
            </PermissionButton>
          </Tooltip>
          <PermissionButton
            code={PERMISSIONS.epcisEventList}
            type="link"
            size="small"
            disabled={row.codeCount === 0}
            onClick={() => void exportEpcis({ batchId: row.id }).catch(() => undefined)}
            data-testid={`batch-epcis-${row.id}`}
          >
            {t('supply.exportEpcis')}
          </PermissionButton>
          <RowDeleteButton
            code={PERMISSIONS.batchDelete}
            blockedReason={row.codeCount > 0 ? t('productBatch.hasCodes') : undefined}
            confirmTitle={t('productBatch.deleteTitle')}
            confirmContent={t('productBatch.deleteConfirm', { batchNo: row.batchNo })}
            onConfirm={() => removal.mutateAsync(row)}
            testId={`batch-delete-${row.id}`}
          >
            {t('productBatch.delete')}
          </RowDeleteButton>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<BatchRow, BatchFilters>
        queryKey={BATCHES_QUERY_KEY}
        fetchPage={fetchBatchPage}
        columns={columns}
        rowKey="id"
        toFilters={batchFilters}
        searchFields={
          <>
            {canSeeProducts && (
              <Form.Item name="productId" label={t('productBatch.product')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 180 }}
                  placeholder={t('common.all')}
                  options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  data-testid="batch-search-product"
                />
              </Form.Item>
            )}
            <Form.Item name="batchNo" label={t('productBatch.batchNo')}>
              <Input allowClear maxLength={BATCH_NO_MAX} data-testid="batch-search-batchNo" />
            </Form.Item>
            <Form.Item name="productionRange" label={t('productBatch.productionRange')}>
              <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} placeholder={[t('productBatch.beginDate'), t('productBatch.endDate')]} />
            </Form.Item>
            <Form.Item name="expiryRange" label={t('productBatch.expiryRange')}>
              <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} placeholder={[t('productBatch.beginDate'), t('productBatch.endDate')]} />
            </Form.Item>
          </>
        }
        toolbar={
          <PermissionButton code={PERMISSIONS.batchAdd} type="primary" onClick={() => setEditing({ batchId: null })} data-testid="batch-add">
            {t('productBatch.add')}
          </PermissionButton>
        }
      />
      {editing && <BatchDrawer batchId={editing.batchId} onClose={() => setEditing(null)} />}
    </>
  );
}
