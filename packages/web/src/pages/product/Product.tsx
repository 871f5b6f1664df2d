import { useState } from 'react';
import { App, Form, Input, Select, Space, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CATALOGUE_STATUSES, PERMISSIONS, PRODUCT_NAME_MAX, type ProductPageQuery, type ProductRow } from '@rd/contract';
import { CATEGORIES_QUERY_KEY, PRODUCTS_QUERY_KEY, deleteProduct, fetchCategoryTree, fetchProductPage } from '../../api/product';
import { TEMPLATES_QUERY_KEY, fetchTemplateOptions } from '../../api/productTemplate';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { RowDeleteButton } from '../../components/RowDeleteButton';
import { usePermission } from '../../components/usePermission';
import { AuthImage } from '../../components/upload/AuthImage';
import { EMPTY, formatDateTime } from '../../utils/format';
import { CategoryDrawer } from './product/CategoryDrawer';
import { toCategoryOptions } from './product/categoryOptions';
import { previewStoredImages } from './product/previewStoredImages';

type ProductFilters = Pick<ProductPageQuery, 'name' | 'categoryId' | 'templateId' | 'status' | 'gtin'>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The search form's values → list filters; blanks are no filter. */
export function productFilters(values: Record<string, unknown>): ProductFilters {
  return {
    name: text(values.name),
    categoryId: text(values.categoryId),
    templateId: text(values.templateId),
    status: values.status as ProductFilters['status'],
    gtin: text(values.gtin),
  };
}

/**
 * Products (spec 7.6): search by name, category (and below), template, status and GTIN; open a product
 * as a full page (productDetail) to view, add or edit it; delete asks first; categories in a drawer.
 */
export default function Product() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const canSeeTemplates = usePermission(PERMISSIONS.templateList);

  const categories = useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: fetchCategoryTree });
  const templates = useQuery({ queryKey: [...TEMPLATES_QUERY_KEY, 'options'], queryFn: () => fetchTemplateOptions(), enabled: canSeeTemplates });

  const openDetail = (row: ProductRow | null, mode?: 'view') => {
    const query = new URLSearchParams();
    if (row) query.set('id', row.id);
    if (mode) query.set('mode', mode);
    const search = query.toString();
    void navigate({ pathname: '../productDetail', search: search ? `?${search}` : '' }, { relative: 'path' });
  };

  const removal = useMutation({
    mutationFn: (row: ProductRow) => deleteProduct(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });
    },
  });

  const columns: TableColumnsType<ProductRow> = [
    {
      key: 'image',
      title: t('product.image'),
      width: 72,
      render: (_, row) =>
        row.images.length ? (
          <AuthImage
            fileId={row.images[0]}
            width={48}
            height={48}
            alt={row.name}
            onClick={() => void previewStoredImages(queryClient, row.images).catch(() => undefined)}
          />
        ) : (
          EMPTY
        ),
    },
    { key: 'name', dataIndex: 'name', title: t('product.name'), sorter: true },
    { key: 'gtin', dataIndex: 'gtin', title: t('product.gtin'), sorter: true, render: (v: string | null) => v ?? EMPTY },
    { key: 'categoryName', dataIndex: 'categoryName', title: t('product.category'), render: (v: string) => v || EMPTY },
    { key: 'templateName', dataIndex: 'templateName', title: t('product.template'), render: (v: string) => v || EMPTY },
    { key: 'spec', dataIndex: 'spec', title: t('product.spec'), render: (v: string) => v || EMPTY },
    { key: 'brand', dataIndex: 'brand', title: t('product.brand'), render: (v: string) => v || EMPTY },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('product.status'),
      sorter: true,
      render: (status: ProductRow['status']) => <Tag color={status === 'ENABLED' ? 'success' : 'default'}>{t(`product.statuses.${status}`)}</Tag>,
    },
    { key: 'version', dataIndex: 'version', title: t('product.version'), sorter: true, render: (v: number) => `v${v}` },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('product.updatedAt'),
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
          <PermissionButton code={PERMISSIONS.productList} type="link" size="small" onClick={() => openDetail(row, 'view')} data-testid={`product-view-${row.id}`}>
            {t('product.view')}
          </PermissionButton>
          <PermissionButton code={PERMISSIONS.productEdit} type="link" size="small" onClick={() => openDetail(row)} data-testid={`product-edit-${row.id}`}>
            {t('product.edit')}
          </PermissionButton>
          <RowDeleteButton
            code={PERMISSIONS.productDelete}
            confirmTitle={t('product.deleteTitle')}
            confirmContent={t('product.deleteConfirm', { name: row.name })}
            onConfirm={() => removal.mutateAsync(row)}
            testId={`product-delete-${row.id}`}
          >
            {t('product.delete')}
          </RowDeleteButton>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<ProductRow, ProductFilters>
        queryKey={PRODUCTS_QUERY_KEY}
        fetchPage={fetchProductPage}
        columns={columns}
        rowKey="id"
        toFilters={productFilters}
        searchFields={
          <>
            <Form.Item name="name" label={t('product.name')}>
              <Input allowClear maxLength={PRODUCT_NAME_MAX} data-testid="product-search-name" />
            </Form.Item>
            <Form.Item name="categoryId" label={t('product.category')}>
              <TreeSelect
                allowClear
                style={{ width: 180 }}
                placeholder={t('common.all')}
                treeDefaultExpandAll
                treeData={toCategoryOptions(categories.data ?? [])}
                data-testid="product-search-category"
              />
            </Form.Item>
            {canSeeTemplates && (
              <Form.Item name="templateId" label={t('product.template')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 160 }}
                  placeholder={t('common.all')}
                  options={(templates.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                />
              </Form.Item>
            )}
            <Form.Item name="status" label={t('product.status')}>
              <Select
                allowClear
                style={{ width: 110 }}
                placeholder={t('common.all')}
                options={CATALOGUE_STATUSES.map((s) => ({ value: s, label: t(`product.statuses.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="gtin" label={t('product.gtin')}>
              <Input allowClear maxLength={14} style={{ width: 160 }} />
            </Form.Item>
          </>
        }
        toolbar={
          <Space>
            <PermissionButton code={PERMISSIONS.productAdd} type="primary" onClick={() => openDetail(null)} data-testid="product-add">
              {t('product.add')}
            </PermissionButton>
            <PermissionButton code={PERMISSIONS.productEdit} onClick={() => setCategoriesOpen(true)} data-testid="product-categories">
              {t('product.categories.manage')}
            </PermissionButton>
          </Space>
        }
      />
      {categoriesOpen && <CategoryDrawer tree={categories.data ?? []} onClose={() => setCategoriesOpen(false)} />}
    </>
  );
}
