import { useState } from 'react';
import { App, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CATALOGUE_STATUSES,
  FARMER_NAME_MAX,
  FARMER_REGION_NAME_MAX,
  PERMISSIONS,
  type FarmerPageQuery,
  type FarmerRow,
} from '@rd/contract';
import { FARMERS_QUERY_KEY, deleteFarmer, fetchFarmerPage } from '../../api/farmer';
import { PRODUCTS_QUERY_KEY, fetchProductOptions } from '../../api/product';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { RowDeleteButton } from '../../components/RowDeleteButton';
import { usePermission } from '../../components/usePermission';
import { AuthImage } from '../../components/upload/AuthImage';
import { EMPTY, formatDateTime } from '../../utils/format';
import { previewStoredImages } from '../product/product/previewStoredImages';
import { FarmerFormModal } from './farmerInfo/FarmerFormModal';

type FarmerFilters = Pick<FarmerPageQuery, 'name' | 'phone' | 'region' | 'productId' | 'status'>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The search form's values → list filters; blanks are no filter. */
export function farmerFilters(values: Record<string, unknown>): FarmerFilters {
  return {
    name: text(values.name),
    phone: text(values.phone),
    region: text(values.region),
    productId: text(values.productId),
    status: values.status as FarmerFilters['status'],
  };
}

/**
 * Growers (瓜农, spec 2.3 farmerInfo and 7.8): search by name, phone, region and product; add and edit
 * in a dialog; open a grower's page (farmerDetail); delete while no batch names the grower. ID cards
 * are masked in the list.
 */
export default function FarmerInfo() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ farmerId: string | null } | null>(null);
  const canSeeProducts = usePermission(PERMISSIONS.productList);
  const products = useQuery({ queryKey: [...PRODUCTS_QUERY_KEY, 'options'], queryFn: () => fetchProductOptions(), enabled: canSeeProducts });

  const removal = useMutation({
    mutationFn: (row: FarmerRow) => deleteFarmer(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: FARMERS_QUERY_KEY });
    },
  });

  const openDetail = (row: FarmerRow) => void navigate({ pathname: '../farmerDetail', search: `?id=${row.id}` }, { relative: 'path' });

  const columns: TableColumnsType<FarmerRow> = [
    {
      key: 'photo',
      title: t('farmer.photo'),
      width: 72,
      render: (_, row) =>
        row.photoFileId ? (
          <AuthImage
            fileId={row.photoFileId}
            width={48}
            height={48}
            alt={row.name}
            onClick={() => void previewStoredImages(queryClient, [row.photoFileId as string]).catch(() => undefined)}
          />
        ) : (
          EMPTY
        ),
    },
    { key: 'name', dataIndex: 'name', title: t('farmer.name'), sorter: true },
    { key: 'phone', dataIndex: 'phone', title: t('farmer.phone'), render: (v: string) => v || EMPTY },
    { key: 'idCard', dataIndex: 'idCard', title: t('farmer.idCard'), className: 'cell-nowrap', render: (v: string) => v || EMPTY },
    {
      key: 'regionCode',
      title: t('farmer.region'),
      sorter: true,
      render: (_, row) => (row.regionCode ? `${row.regionName}（${row.regionCode}）` : EMPTY),
    },
    { key: 'plantingArea', dataIndex: 'plantingArea', title: t('farmer.plantingArea'), sorter: true, render: (v: string | null) => v ?? EMPTY },
    {
      key: 'products',
      title: t('farmer.products'),
      render: (_, row) =>
        row.products.length ? (
          <Space size={4} wrap>
            {row.products.map((p) => (
              <Tag key={p.id}>{p.name}</Tag>
            ))}
          </Space>
        ) : (
          EMPTY
        ),
    },
    { key: 'batchCount', dataIndex: 'batchCount', title: t('farmer.batchCount'), render: (v: number) => v.toLocaleString() },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('farmer.status'),
      sorter: true,
      render: (status: FarmerRow['status']) => <Tag color={status === 'ENABLED' ? 'success' : 'default'}>{t(`farmer.statuses.${status}`)}</Tag>,
    },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('farmer.updatedAt'),
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
          <PermissionButton code={PERMISSIONS.farmerList} type="link" size="small" onClick={() => openDetail(row)} data-testid={`farmer-view-${row.id}`}>
            {t('farmer.view')}
          </PermissionButton>
          <PermissionButton
            code={PERMISSIONS.farmerEdit}
            type="link"
            size="small"
            onClick={() => setEditing({ farmerId: row.id })}
            data-testid={`farmer-edit-${row.id}`}
          >
            {t('farmer.edit')}
          </PermissionButton>
          <RowDeleteButton
            code={PERMISSIONS.farmerDelete}
            blockedReason={row.batchCount > 0 ? t('farmer.hasBatches') : undefined}
            confirmTitle={t('farmer.deleteTitle')}
            confirmContent={t('farmer.deleteConfirm', { name: row.name })}
            onConfirm={() => removal.mutateAsync(row)}
            testId={`farmer-delete-${row.id}`}
          >
            {t('farmer.delete')}
          </RowDeleteButton>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<FarmerRow, FarmerFilters>
        queryKey={FARMERS_QUERY_KEY}
        fetchPage={fetchFarmerPage}
        columns={columns}
        rowKey="id"
        toFilters={farmerFilters}
        searchFields={
          <>
            <Form.Item name="name" label={t('farmer.name')}>
              <Input allowClear maxLength={FARMER_NAME_MAX} data-testid="farmer-search-name" />
            </Form.Item>
            <Form.Item name="phone" label={t('farmer.phone')}>
              <Input allowClear maxLength={20} data-testid="farmer-search-phone" />
            </Form.Item>
            <Form.Item name="region" label={t('farmer.region')}>
              <Input allowClear maxLength={FARMER_REGION_NAME_MAX} placeholder={t('farmer.regionSearch')} data-testid="farmer-search-region" />
            </Form.Item>
            {canSeeProducts && (
              <Form.Item name="productId" label={t('farmer.products')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 180 }}
                  placeholder={t('common.all')}
                  options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                  data-testid="farmer-search-product"
                />
              </Form.Item>
            )}
            <Form.Item name="status" label={t('farmer.status')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('common.all')}
                options={CATALOGUE_STATUSES.map((s) => ({ value: s, label: t(`farmer.statuses.${s}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <PermissionButton code={PERMISSIONS.farmerAdd} type="primary" onClick={() => setEditing({ farmerId: null })} data-testid="farmer-add">
            {t('farmer.add')}
          </PermissionButton>
        }
      />
      {editing && <FarmerFormModal farmerId={editing.farmerId} onClose={() => setEditing(null)} />}
    </>
  );
}
