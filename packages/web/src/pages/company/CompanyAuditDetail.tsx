import { useState } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Form, Input, Modal, Row, Space, Table, Typography, type ButtonProps, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { COMPANY_INFO_IMAGE_PATH, COMPANY_REJECT_REASON_MAX, PERMISSIONS, companyInfoActionAllowed, shownBusinessTerm, type CompanyInfoSnapshotValue, type CompanyInfoView } from '@rd/contract';
import { useBackToList } from '../../app/router/useBackToList';
import { DetailLoadState } from '../../components/DetailLoadState';
import { showServerFieldErrors, useFieldRules } from '../../components/fieldRules';
import { AuthImage } from '../../components/upload/AuthImage';
import { useConfirmAction } from '../../components/useConfirmAction';
import { usePermission } from '../../components/usePermission';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { formatDateTime } from '../../utils/format';
import { AuditTrail } from './AuditTrail';
import { COMPANY_INFO_FIELDS } from './CompanyInfoFields';
import { CompanyStatusTag } from './CompanyStatusTag';
import { COMPANY_INFO_QUERY_KEY, fetchAuditView, passReport, rejectReport } from './companyInfoApi';
import './company.css';

type Field = (typeof COMPANY_INFO_FIELDS)[number];
interface CompareRow {
  field: Field;
  submitted: string | null;
  approved: string | null | undefined;
}

const IMAGE_FIELDS: readonly Field[] = ['logoFileId', 'licenseFileId'];

/**
 * The review of one company's report (companyAuditDetail, a hidden page of CompanyAudit): the submitted
 * text beside the last approved snapshot with the changed fields marked, the audit trail, and — while the
 * report is SUBMITTED — pass, or reject with a reason.
 */
export default function CompanyAuditDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const back = useBackToList('companyAudit');
  const view = useQuery({ queryKey: [...COMPANY_INFO_QUERY_KEY, 'review', id], queryFn: () => fetchAuditView(id), enabled: id !== '' });
  if (!view.data?.info) {
    return <DetailLoadState loading={view.isLoading} backLabel={t('company.audit.back')} notFoundLabel={t('company.audit.notFound')} onBack={back} />;
  }
  return <Review view={view.data} onBack={back} />;
}

function Review({ view, onBack }: { view: CompanyInfoView; onBack: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const rules = useFieldRules();
  const lang = useStore(appStore, (s) => s.language);
  const [rejecting, setRejecting] = useState(false);
  const [rejectForm] = Form.useForm<{ reason: string }>();
  const canDecide = usePermission(PERMISSIONS.companyAuditDecide);
  const info = view.info!;
  const companyId = view.company.companyId;
  const decidable = canDecide && companyInfoActionAllowed('PASS', info.status);

  const settled = async (next?: CompanyInfoView) => {
    if (next) void message.success(t('common.operationSuccess'));
    await queryClient.invalidateQueries({ queryKey: COMPANY_INFO_QUERY_KEY });
  };
  const reject = useMutation({
    mutationFn: (reason: string) => rejectReport(companyId, reason),
    onSuccess: async (next) => {
      setRejecting(false);
      await settled(next);
    },
    onError: (error) => showServerFieldErrors(rejectForm, error, ['reason']),
  });
  const onPass = () =>
    confirmAction({
      title: t('company.audit.pass'),
      content: t('company.audit.passConfirm'),
      danger: false,
      action: () => passReport(companyId).then(settled, (error: unknown) => settled().then(() => Promise.reject(error))),
    });

  const approved = info.approved;
  const rows: CompareRow[] = COMPANY_INFO_FIELDS.map((field) => ({
    field,
    submitted: info[field],
    approved: approved ? approved[field as keyof CompanyInfoSnapshotValue] : undefined,
  }));
  // Pictures of another company come through the auditors' own route, not the file routes.
  const picture = (field: Field, copy: 'working' | 'approved') => {
    const query = new URLSearchParams({ id: companyId, kind: field === 'logoFileId' ? 'logo' : 'license', copy });
    return <AuthImage url={`${COMPANY_INFO_IMAGE_PATH}?${query.toString()}`} width={96} height={96} style={{ objectFit: 'contain' }} />;
  };
  const shown = (row: CompareRow, value: string | null | undefined, copy: 'working' | 'approved') => {
    if (value === undefined) return null;
    if (IMAGE_FIELDS.includes(row.field)) return value ? picture(row.field, copy) : t('company.audit.noImage');
    // the business term is stored in the licence's words; it reads in the screen's language
    return <span className="company-text">{row.field === 'businessTerm' ? shownBusinessTerm(value ?? '', lang) : value}</span>;
  };
  const columns: TableColumnsType<CompareRow> = [
    { title: '', dataIndex: 'field', width: 160, render: (field: Field) => t(`company.fields.${field}`) },
    {
      title: `${t('company.audit.submitted')} · ${t('company.info.revision', { revision: info.revision })}`,
      key: 'submitted',
      render: (_, row) => (
        <span data-testid={`review-${row.field}`}>
          {shown(row, row.submitted, 'working')}
          {approved && row.submitted !== row.approved ? <Typography.Text type="warning"> ({t('company.audit.changed')})</Typography.Text> : null}
        </span>
      ),
    },
    {
      title: approved ? t('company.audit.approved', { revision: info.approvedRevision }) : t('company.audit.noApproved'),
      key: 'approved',
      render: (_, row) => shown(row, row.approved, 'approved'),
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space wrap>
              <span>{view.company.merchantCode}</span>
              <span>{info.fullName}</span>
              <CompanyStatusTag status={info.status} />
            </Space>
          }
          extra={
            <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
              {t('company.audit.back')}
            </Button>
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space wrap>
              {info.submittedAt ? <Typography.Text type="secondary">{`${t('company.fields.submittedAt')}: ${formatDateTime(info.submittedAt)}`}</Typography.Text> : null}
              {info.approvedAt ? <Typography.Text type="secondary">{`${t('company.fields.approvedAt')}: ${formatDateTime(info.approvedAt)}`}</Typography.Text> : null}
            </Space>
            <Table<CompareRow>
              size="small"
              rowKey="field"
              pagination={false}
              columns={columns}
              dataSource={rows}
              rowClassName={(row) => (approved && row.submitted !== row.approved ? 'company-compare__changed' : '')}
            />
            {decidable ? (
              <Space>
                <Button type="primary" onClick={onPass} data-testid="audit-pass">
                  {t('company.audit.pass')}
                </Button>
                <Button danger onClick={() => setRejecting(true)} data-testid="audit-reject">
                  {t('company.audit.reject')}
                </Button>
              </Space>
            ) : null}
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('company.info.trail')}>
          <AuditTrail entries={view.trail} />
        </Card>
      </Col>
      <Modal
        open={rejecting}
        title={t('company.audit.rejectTitle')}
        okText={t('company.audit.reject')}
        okButtonProps={{ danger: true, loading: reject.isPending, 'data-testid': 'audit-reject-ok' } as ButtonProps}
        cancelText={t('common.cancel')}
        onCancel={() => setRejecting(false)}
        onOk={() =>
          // a missing reason is said under its field; the refused validation is not an error of the page
          void rejectForm.validateFields().then(
            (values) => reject.mutate(values.reason.trim()),
            () => undefined,
          )
        }
        destroyOnHidden
      >
        <Form form={rejectForm} layout="vertical" preserve={false}>
          <Form.Item name="reason" label={t('company.audit.rejectReason')} rules={[rules.required(t('company.audit.rejectReason')), rules.maxLength(COMPANY_REJECT_REASON_MAX)]}>
            <Input.TextArea rows={4} maxLength={COMPANY_REJECT_REASON_MAX} showCount placeholder={t('company.audit.rejectPlaceholder')} data-testid="audit-reject-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Row>
  );
}
