import { App, Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CATALOGUE_STATUSES, PERMISSIONS, TEMPLATE_NAME_MAX, type TemplatePageQuery, type TemplateRow } from '@rd/contract';
import { TEMPLATES_QUERY_KEY, deleteTemplate, fetchTemplatePage } from '../../api/productTemplate';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { RowDeleteButton } from '../../components/RowDeleteButton';
import { EMPTY, formatDateTime } from '../../utils/format';

type TemplateFilters = Pick<TemplatePageQuery, 'name' | 'status'>;

/**
 * Product templates (spec 7.6): search, paged list, and the attribute editor as a full page
 * (productTemplateDetail); delete asks first and is offered only while no product uses the template.
 */
export default function ProductTemplate() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const openDetail = (row: TemplateRow | null) =>
    void navigate({ pathname: '../productTemplateDetail', search: row ? `?id=${encodeURIComponent(row.id)}` : '' }, { relative: 'path' });

  const removal = useMutation({
    mutationFn: (row: TemplateRow) => deleteTemplate(row.id),
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY });
    },
  });

  const columns: TableColumnsType<TemplateRow> = [
    { key: 'name', dataIndex: 'name', title: t('productTemplate.name'), sorter: true },
    { key: 'attributeCount', dataIndex: 'attributeCount', title: t('productTemplate.attributeCount') },
    { key: 'productCount', dataIndex: 'productCount', title: t('productTemplate.productCount') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('productTemplate.status'),
      sorter: true,
      render: (status: TemplateRow['status']) => (
        <Tag color={status === 'ENABLED' ? 'success' : 'default'}>{t(`productTemplate.statuses.${status}`)}</Tag>
      ),
    },
    { key: 'remark', dataIndex: 'remark', title: t('productTemplate.remark'), ellipsis: true, render: (v: string) => v || EMPTY },
    {
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: t('productTemplate.updatedAt'),
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
          <PermissionButton code={PERMISSIONS.templateEdit} type="link" size="small" onClick={() => openDetail(row)} data-testid={`template-edit-${row.id}`}>
            {t('productTemplate.edit')}
          </PermissionButton>
          <RowDeleteButton
            code={PERMISSIONS.templateDelete}
            blockedReason={row.productCount > 0 ? t('productTemplate.inUse') : undefined}
            confirmTitle={t('productTemplate.deleteTitle')}
            confirmContent={t('productTemplate.deleteConfirm', { name: row.name })}
            onConfirm={() => removal.mutateAsync(row)}
            testId={`template-delete-${row.id}`}
          >
            {t('productTemplate.delete')}
          </RowDeleteButton>
        </Space>
      ),
    },
  ];

  return (
    <PagedTable<TemplateRow, TemplateFilters>
      queryKey={TEMPLATES_QUERY_KEY}
      fetchPage={fetchTemplatePage}
      columns={columns}
      rowKey="id"
      toFilters={(values) => ({
        name: typeof values.name === 'string' && values.name.trim() ? values.name.trim() : undefined,
        status: values.status as TemplateFilters['status'],
      })}
      searchFields={
        <>
          <Form.Item name="name" label={t('productTemplate.name')}>
            <Input allowClear maxLength={TEMPLATE_NAME_MAX} data-testid="template-search-name" />
          </Form.Item>
          <Form.Item name="status" label={t('productTemplate.status')}>
            <Select
              allowClear
              style={{ width: 110 }}
              placeholder={t('common.all')}
              options={CATALOGUE_STATUSES.map((s) => ({ value: s, label: t(`productTemplate.statuses.${s}`) }))}
            />
          </Form.Item>
        </>
      }
      toolbar={
        <PermissionButton code={PERMISSIONS.templateAdd} type="primary" onClick={() => openDetail(null)} data-testid="template-add">
          {t('productTemplate.add')}
        </PermissionButton>
      }
    />
  );
}
