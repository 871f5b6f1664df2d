import { useState } from 'react';
import { App, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOSAGE_FORM_DICT, MEDICINAL_PRODUCT_API, PERMISSIONS, type MedicinalProductPageQuery, type MedicinalProductRow } from '@rd/contract';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { RowDeleteButton } from '../../components/RowDeleteButton';
import { DictTag } from '../../dict/DictTag';
import { useDictionaries, useDictOptions } from '../../dict/useDictionaries';
import { EMPTY, formatDateTime } from '../../utils/format';
import { SpreadsheetImportButtons } from '../../components/upload/SpreadsheetImportButtons';
import { MedicinalProductForm } from './MedicinalProductForm';
import { MEDICINAL_BATCHES_KEY, MEDICINAL_PRODUCTS_KEY, deleteMedicinalProduct, fetchMedicinalProductPage } from './medicinalApi';

type Filters = Pick<MedicinalProductPageQuery, 'name' | 'approvalNo' | 'manufacturer' | 'dosageForm' | 'status'>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The search form's values → list filters (blank fields are no filter). */
export function productFilters(values: Record<string, unknown>): Filters {
  return {
    name: text(values.name),
    approvalNo: text(values.approvalNo),
    manufacturer: text(values.manufacturer),
    dosageForm: text(values.dosageForm),
    status: text(values.status) as Filters['status'],
  };
}

/**
 * Medicinal products (spec 7.8): search, paged list, add and edit in a dialog, delete while no batch
 * names the product, and the spreadsheet template and import.
 */
export default function MedicinalProduct() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { dictLabel } = useDictionaries();
  const dosageForms = useDictOptions(DOSAGE_FORM_DICT);
  const statuses = useDictOptions('sys_status');
  const [editing, setEditing] = useState<{ product: MedicinalProductRow | null } | null>(null);

  const removal = useMutation({
    mutationFn: (row: MedicinalProductRow) => deleteMedicinalProduct(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: MEDICINAL_PRODUCTS_KEY });
    },
  });

  const columns: TableColumnsType<MedicinalProductRow> = [
    { key: 'genericName', dataIndex: 'genericName', title: t('medicinal.genericName'), sorter: true },
    { key: 'tradeName', dataIndex: 'tradeName', title: t('medicinal.tradeName'), render: (v: string) => v || EMPTY },
    { key: 'approvalNo', dataIndex: 'approvalNo', title: t('medicinal.approvalNo'), sorter: true, className: 'cell-nowrap' },
    { key: 'dosageForm', dataIndex: 'dosageForm', title: t('medicinal.dosageForm'), render: (v: string) => dictLabel(DOSAGE_FORM_DICT, v) },
    { key: 'specification', dataIndex: 'specification', title: t('medicinal.specification'), render: (v: string) => v || EMPTY },
    { key: 'manufacturer', dataIndex: 'manufacturer', title: t('medicinal.manufacturer'), sorter: true, ellipsis: true },
    { key: 'batchCount', dataIndex: 'batchCount', title: t('medicinal.batchCount'), render: (v: number) => v.toLocaleString() },
    { key: 'status', dataIndex: 'status', title: t('medicinal.status'), render: (v: string) => <DictTag typeCode="sys_status" value={v} /> },
    { key: 'updatedAt', dataIndex: 'updatedAt', title: t('medicinal.updatedAt'), sorter: true, className: 'cell-nowrap', render: (v: string) => formatDateTime(v) },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.medicinalProductEdit} type="link" size="small" onClick={() => setEditing({ product: row })} data-testid={`mp-edit-${row.id}`}>
            {t('medicinal.edit')}
          </PermissionButton>
          <RowDeleteButton
            code={PERMISSIONS.medicinalProductEdit}
            blockedReason={row.batchCount > 0 ? t('medicinal.hasBatches') : undefined}
            confirmTitle={t('medicinal.deleteProductTitle')}
            confirmContent={t('medicinal.deleteProductConfirm', { name: row.genericName })}
            onConfirm={() => removal.mutateAsync(row)}
            testId={`mp-delete-${row.id}`}
          >
            {t('medicinal.delete')}
          </RowDeleteButton>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<MedicinalProductRow, Filters>
        queryKey={MEDICINAL_PRODUCTS_KEY}
        fetchPage={fetchMedicinalProductPage}
        columns={columns}
        rowKey="id"
        toFilters={productFilters}
        searchFields={
          <>
            <Form.Item name="name" label={t('medicinal.name')}>
              <Input allowClear maxLength={100} data-testid="mp-search-name" />
            </Form.Item>
            <Form.Item name="approvalNo" label={t('medicinal.approvalNo')}>
              <Input allowClear maxLength={20} data-testid="mp-search-approvalNo" />
            </Form.Item>
            <Form.Item name="manufacturer" label={t('medicinal.manufacturer')}>
              <Input allowClear maxLength={100} />
            </Form.Item>
            <Form.Item name="dosageForm" label={t('medicinal.dosageForm')}>
              <Select allowClear style={{ width: 140 }} placeholder={t('common.all')} options={dosageForms.map((o) => ({ value: String(o.value), label: o.label }))} />
            </Form.Item>
            <Form.Item name="status" label={t('medicinal.status')}>
              <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={statuses.map((o) => ({ value: String(o.value), label: o.label }))} />
            </Form.Item>
          </>
        }
        toolbar={
          <Space wrap>
            <PermissionButton code={PERMISSIONS.medicinalProductEdit} type="primary" onClick={() => setEditing({ product: null })} data-testid="mp-add">
              {t('medicinal.addProduct')}
            </PermissionButton>
            <SpreadsheetImportButtons
              api={MEDICINAL_PRODUCT_API}
              permission={PERMISSIONS.medicinalProductImport}
              templateName={t('medicinal.import.productTemplateName')}
              invalidate={[MEDICINAL_PRODUCTS_KEY, MEDICINAL_BATCHES_KEY]}
              testId="product"
            />
          </Space>
        }
      />
      {editing && <MedicinalProductForm product={editing.product} onClose={() => setEditing(null)} />}
    </>
  );
}
