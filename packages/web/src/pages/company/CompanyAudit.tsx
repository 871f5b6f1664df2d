import { useState } from 'react';
import { Button, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  COMPANY_FULL_NAME_MAX,
  COMPANY_INFO_STATUSES,
  PERMISSIONS,
  type CompanyInfoPageQuery,
  type CompanyInfoRow,
  type CompanyInfoStatusValue,
} from '@rd/contract';
import { PagedTable } from '../../components/PagedTable';
import { usePermission } from '../../components/usePermission';
import { EMPTY, formatDateTime } from '../../utils/format';
import { CompanyStatusTag } from './CompanyStatusTag';
import { COMPANY_INFO_QUERY_KEY, fetchAuditPage } from './companyInfoApi';
import { SupportViewModal } from './SupportViewModal';

type AuditFilters = Pick<CompanyInfoPageQuery, 'status' | 'fullName'>;

/** Search form values → list filters. */
export function auditFilters(values: Record<string, unknown>): AuditFilters {
  const status = COMPANY_INFO_STATUSES.find((s) => s === values.status);
  const name = typeof values.fullName === 'string' ? values.fullName.trim() : '';
  return { status, fullName: name || undefined };
}

/**
 * The auditors' list of company reports (spec 7.8, CompanyAudit): filtered by state and name, paged;
 * each row opens the review page (companyAuditDetail), and for staff allowed to, a read-only support view
 * of the company's own screens.
 */
export default function CompanyAudit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const maySupport = usePermission(PERMISSIONS.companySupportView);
  const [supporting, setSupporting] = useState<CompanyInfoRow | null>(null);
  const open = (row: CompanyInfoRow) =>
    void navigate({ pathname: '../companyAuditDetail', search: `?id=${encodeURIComponent(row.companyId)}` }, { relative: 'path' });

  const columns: TableColumnsType<CompanyInfoRow> = [
    { title: t('company.fields.merchantCode'), dataIndex: 'merchantCode', width: 130, sorter: true, key: 'merchantCode' },
    { title: t('company.fields.fullName'), dataIndex: 'fullName', sorter: true, key: 'fullName', ellipsis: true },
    { title: t('company.fields.licenseNumber'), dataIndex: 'licenseNumber', width: 200 },
    {
      title: t('company.audit.status'),
      dataIndex: 'status',
      width: 110,
      sorter: true,
      key: 'status',
      render: (status: CompanyInfoStatusValue) => <CompanyStatusTag status={status} />,
    },
    { title: t('company.fields.revision'), dataIndex: 'revision', width: 80 },
    {
      title: t('company.fields.submittedAt'),
      dataIndex: 'submittedAt',
      width: 170,
      sorter: true,
      key: 'submittedAt',
      render: (v: string | null) => (v ? formatDateTime(v) : EMPTY),
    },
    {
      title: t('company.fields.approvedAt'),
      dataIndex: 'approvedAt',
      width: 170,
      sorter: true,
      key: 'approvedAt',
      render: (v: string | null) => (v ? formatDateTime(v) : EMPTY),
    },
    { title: t('company.fields.updatedAt'), dataIndex: 'updatedAt', width: 170, sorter: true, key: 'updatedAt', render: (v: string) => formatDateTime(v) },
    {
      title: t('common.operation'),
      key: 'operation',
      width: maySupport ? 170 : 90,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => open(row)} data-testid={`audit-open-${row.merchantCode}`}>
            {row.status === 'SUBMITTED' ? t('company.audit.review') : t('company.audit.view')}
          </Button>
          {maySupport && (
            <Button type="link" size="small" onClick={() => setSupporting(row)} data-testid={`audit-support-${row.merchantCode}`}>
              {t('supportView.open')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <PagedTable<CompanyInfoRow, AuditFilters>
        queryKey={[...COMPANY_INFO_QUERY_KEY, 'audit']}
        fetchPage={fetchAuditPage}
        columns={columns}
        rowKey="companyId"
        toFilters={auditFilters}
        searchFields={
          <>
            <Form.Item name="fullName" label={t('company.fields.fullName')}>
              <Input allowClear maxLength={COMPANY_FULL_NAME_MAX} placeholder={t('company.audit.search')} data-testid="audit-search-name" />
            </Form.Item>
            <Form.Item name="status" label={t('company.audit.status')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('common.all')}
                options={COMPANY_INFO_STATUSES.map((s) => ({ value: s, label: t(`company.status.${s}`) }))}
                data-testid="audit-search-status"
              />
            </Form.Item>
          </>
        }
      />
      {supporting && <SupportViewModal company={supporting} onClose={() => setSupporting(null)} />}
    </>
  );
}
