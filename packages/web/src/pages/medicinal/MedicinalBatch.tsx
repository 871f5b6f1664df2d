import { useState } from 'react';
import { App, DatePicker, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { BATCH_NO_MAX, MEDICINAL_BATCH_API, PERMISSIONS, type MedicinalBatchPageQuery, type MedicinalBatchRow } from '@rd/contract';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { RowDeleteButton } from '../../components/RowDeleteButton';
import { DATE_FORMAT, formatDate, formatDateTime } from '../../utils/format';
import { SpreadsheetImportButtons } from '../../components/upload/SpreadsheetImportButtons';
import { MedicinalBatchDetailDrawer } from './MedicinalBatchDetail';
import { MedicinalBatchForm } from './MedicinalBatchForm';
import {
  MEDICINAL_BATCHES_KEY,
  MEDICINAL_PRODUCTS_KEY,
  deleteMedicinalBatch,
  fetchMedicinalBatchPage,
  fetchMedicinalProductOptions,
} from './medicinalApi';

type Filters = Pick<MedicinalBatchPageQuery, 'productId' | 'batchNo' | 'productName' | 'expiryDateBegin' | 'expiryDateEnd'>;
type Range = [Dayjs | null, Dayjs | null] | null | undefined;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const day = (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMAT) : undefined);

/** The search form's values → list filters: the expiry range becomes begin / end days. */
export function batchFilters(values: Record<string, unknown>): Filters {
  const expires = values.expiryRange as Range;
  return {
    productId: text(values.productId),
    batchNo: text(values.batchNo),
    productName: text(values.productName),
    expiryDateBegin: day(expires?.[0]),
    expiryDateEnd: day(expires?.[1]),
  };
}

/**
 * Medicinal batches (spec 7.8; never cached): search, paged list, add and edit in a dialog, the batch's
 * details with its attached files in a drawer, delete, and the spreadsheet template and import.
 */
export default function MedicinalBatch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ batch: MedicinalBatchRow | null } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const products = useQuery({ queryKey: [...MEDICINAL_PRODUCTS_KEY, 'options'], queryFn: fetchMedicinalProductOptions });

  const removal = useMutation({
    mutationFn: (row: MedicinalBatchRow) => deleteMedicinalBatch(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: MEDICINAL_BATCHES_KEY });
      await queryClient.invalidateQueries({ queryKey: MEDICINAL_PRODUCTS_KEY });
    },
  });

  const columns: TableColumnsType<MedicinalBatchRow> = [
    { key: 'batchNo', dataIndex: 'batchNo', title: t('medicinal.batchNo'), sorter: true, className: 'cell-nowrap' },
    { key: 'genericName', dataIndex: 'genericName', title: t('medicinal.genericName'), sorter: true },
    { key: 'approvalNo', dataIndex: 'approvalNo', title: t('medicinal.approvalNo'), className: 'cell-nowrap' },
    { key: 'productionDate', dataIndex: 'productionDate', title: t('medicinal.productionDate'), sorter: true, render: (v: string) => formatDate(v) },
    { key: 'expiryDate', dataIndex: 'expiryDate', title: t('medicinal.expiryDate'), sorter: true, render: (v: string) => formatDate(v) },
    { key: 'quantity', dataIndex: 'quantity', title: t('medicinal.quantity'), sorter: true, render: (v: number) => v.toLocaleString() },
    { key: 'origin', dataIndex: 'origin', title: t('medicinal.origin'), ellipsis: true },
    { key: 'fileCount', dataIndex: 'fileCount', title: t('medicinal.fileCount') },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('medicinal.updatedAt'), sorter: true, className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.medicinalBatchList} type="link" size="small" onClick={() => setViewing(row.id)} data-testid={`mb-view-${row.id}`}>
            {t('medicinal.detail')}
          </PermissionButton>
          <PermissionButton code={PERMISSIONS.medicinalBatchEdit} type="link" size="small" onClick={() => setEditing({ batch: row })} data-testid={`mb-edit-${row.id}`}>
            {t('medicinal.edit')}
          </PermissionButton>
          <RowDeleteButton
            code={PERMISSIONS.medicinalBatchEdit}
            confirmTitle={t('medicinal.deleteBatchTitle')}
            confirmContent={t('medicinal.deleteBatchConfirm', { batchNo: row.batchNo })}
            onConfirm={() => removal.mutateAsync(row)}
            testId={`mb-delete-${row.id}`}
          >
            {t('medicinal.delete')}
          </RowDeleteButton>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<MedicinalBatchRow, Filters>
        queryKey={MEDICINAL_BATCHES_KEY}
        fetchPage={fetchMedicinalBatchPage}
        columns={columns}
        rowKey="id"
        toFilters={batchFilters}
        searchFields={
          <>
            <Form.Item name="productId" label={t('medicinal.product')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 200 }}
                placeholder={t('common.all')}
                options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.genericName} · ${p.approvalNo}` }))}
              />
            </Form.Item>
            <Form.Item name="productName" label={t('medicinal.name')}>
              <Input allowClear maxLength={100} />
            </Form.Item>
            <Form.Item name="batchNo" label={t('medicinal.batchNo')}>
              <Input allowClear maxLength={BATCH_NO_MAX} data-testid="mb-search-batchNo" />
            </Form.Item>
            <Form.Item name="expiryRange" label={t('medicinal.expiryRange')}>
              <DatePicker.RangePicker format={DATE_FORMAT} allowEmpty={[true, true]} placeholder={[t('medicinal.beginDate'), t('medicinal.endDate')]} />
            </Form.Item>
          </>
        }
        toolbar={
          <Space wrap>
            <PermissionButton code={PERMISSIONS.medicinalBatchEdit} type="primary" onClick={() => setEditing({ batch: null })} data-testid="mb-add">
              {t('medicinal.addBatch')}
            </PermissionButton>
            <SpreadsheetImportButtons
              api={MEDICINAL_BATCH_API}
              permission={PERMISSIONS.medicinalBatchImport}
              templateName={t('medicinal.import.batchTemplateName')}
              invalidate={[MEDICINAL_PRODUCTS_KEY, MEDICINAL_BATCHES_KEY]}
              testId="batch"
            />
          </Space>
        }
      />
      {editing && <MedicinalBatchForm batch={editing.batch} onClose={() => setEditing(null)} />}
      {viewing && <MedicinalBatchDetailDrawer batchId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
