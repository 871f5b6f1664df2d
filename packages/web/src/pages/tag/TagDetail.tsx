import { useState } from 'react';
import { App, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE_STATUS_DICT, PERMISSIONS, type CodeBulkAction } from '@rd/contract';
import { CODES_QUERY_KEY, exportCodes, fetchCodePage, type CodeFilters, type CodeRow } from '../../api/code';
import { BindingPageLink } from '../../components/BindingPageLink';
import { PagedTable } from '../../components/PagedTable';
import { PermissionButton } from '../../components/PermissionButton';
import { DictTag } from '../../dict/DictTag';
import { EMPTY, formatDateTime } from '../../utils/format';
import { BulkCodesModal } from './tagDetail/BulkCodesModal';
import { CodeSearchFields } from './tagDetail/CodeSearchFields';
import { codeFilters, exportParams } from './tagDetail/codeFilters';
import { useCodeActions } from './tagDetail/useCodeActions';
import { PACK_PATH, produceLink } from '../public/binding/bindingLinks';

const idOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Tag details (spec 7.6): every code of the company, searchable by rule, job, status, product, batch, code
 * and time; a code's page (tagOfDetail), putting a code in force, voiding it with a reason, the
 * production-line pages binding codes to a batch and packing them (for users who may bind), and the
 * searched codes as an Excel file (codes as text; the API's format=csv is for other systems). Never kept alive (spec 2.5): it always shows the codes as they are now.
 */
export default function TagDetail() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { activate, startVoid, dialog } = useCodeActions();
  // What was last searched: the export takes the same filters.
  const [searched, setSearched] = useState<CodeFilters>({});
  const [bulk, setBulk] = useState<CodeBulkAction | null>(null);

  const exporting = useMutation({
    mutationFn: () => exportCodes(exportParams(searched), 'xlsx', 'codes.xlsx'),
    onSuccess: (name) => void message.success(t('tagDetail.downloads.started', { name })),
  });

  const view = (row: CodeRow) => void navigate({ pathname: '../tagOfDetail', search: `?id=${row.id}` }, { relative: 'path' });

  const columns: TableColumnsType<CodeRow> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: t('tagDetail.code'),
      sorter: true,
      render: (code: string) => (
        <Typography.Text code copyable={{ text: code }}>
          {code}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('tagDetail.status'),
      sorter: true,
      render: (status: CodeRow['status'], row) => (
        <Tooltip title={row.voidReason || undefined}>
          <span>
            <DictTag typeCode={CODE_STATUS_DICT} value={status} />
          </span>
        </Tooltip>
      ),
    },
    { key: 'ruleName', dataIndex: 'ruleName', title: t('tagDetail.rule') },
    {
      key: 'recordId',
      dataIndex: 'recordId',
      title: t('tagDetail.job'),
      render: (id: string) => (
        <Typography.Text copyable={{ text: id }} title={id}>
          {id.slice(0, 8)}
        </Typography.Text>
      ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('tagDetail.createdAt'),
      sorter: true,
      className: 'cell-nowrap',
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'activatedAt',
      dataIndex: 'activatedAt',
      title: t('tagDetail.activatedAt'),
      sorter: true,
      className: 'cell-nowrap',
      render: (value: string | null) => formatDateTime(value),
    },
    {
      key: 'voidedAt',
      dataIndex: 'voidedAt',
      title: t('tagDetail.voidedAt'),
      sorter: true,
      className: 'cell-nowrap',
      render: (value: string | null) => formatDateTime(value),
    },
    { key: 'voidReason', dataIndex: 'voidReason', title: t('tagDetail.voidReason'), ellipsis: true, render: (v: string) => v || EMPTY },
    {
      key: 'operation',
      title: t('common.operation'),
      fixed: 'right',
      className: 'cell-nowrap',
      render: (_, row) => (
        <Space size={0}>
          <PermissionButton code={PERMISSIONS.codeList} type="link" size="small" onClick={() => view(row)} data-testid={`code-view-${row.id}`}>
            {t('tagDetail.view')}
          </PermissionButton>
          {row.status === 'NOT_ACTIVATED' && (
            <PermissionButton code={PERMISSIONS.codeActivate} type="link" size="small" onClick={() => activate(row)} data-testid={`code-activate-${row.id}`}>
              {t('tagDetail.activate')}
            </PermissionButton>
          )}
          {row.status !== 'VOIDED' && (
            <PermissionButton code={PERMISSIONS.codeVoid} type="link" size="small" danger onClick={() => startVoid(row)} data-testid={`code-void-${row.id}`}>
              {t('tagDetail.void')}
            </PermissionButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<CodeRow, CodeFilters>
        queryKey={CODES_QUERY_KEY}
        fetchPage={fetchCodePage}
        columns={columns}
        rowKey="id"
        toFilters={(values) => {
          const filters = codeFilters(values);
          setSearched(filters);
          return filters;
        }}
        searchFields={<CodeSearchFields />}
        toolbar={
          // five buttons: on a phone they wrap rather than push the screen sideways
          <Space wrap>
            <PermissionButton
              code={PERMISSIONS.codeExport}
              icon={<DownloadOutlined />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate()}
              data-testid="code-export"
            >
              {t('tagDetail.export')}
            </PermissionButton>
            <PermissionButton code={PERMISSIONS.codeBulkActivate} onClick={() => setBulk('ACTIVATE')} data-testid="code-bulk-activate">
              {t('tagDetail.bulk.open.ACTIVATE')}
            </PermissionButton>
            <PermissionButton code={PERMISSIONS.codeBulkVoid} danger onClick={() => setBulk('VOID')} data-testid="code-bulk-void">
              {t('tagDetail.bulk.open.VOID')}
            </PermissionButton>
            {/* the batch or product searched for is picked on the page already */}
            <BindingPageLink
              to={produceLink({ productId: idOf(searched.productId), batchId: idOf(searched.batchId) })}
              hint={t(idOf(searched.batchId) ? 'bindingGuide.links.produceBatchHint' : 'bindingGuide.links.produceHint')}
              testId="code-bind-produce"
            >
              {t('bindingGuide.links.produce')}
            </BindingPageLink>
            <BindingPageLink to={PACK_PATH} hint={t('bindingGuide.links.packHint')} testId="code-bind-pack">
              {t('bindingGuide.links.pack')}
            </BindingPageLink>
          </Space>
        }
      />
      {dialog}
      {bulk && <BulkCodesModal action={bulk} onClose={() => setBulk(null)} />}
    </>
  );
}
