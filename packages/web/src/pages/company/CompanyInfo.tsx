import { Alert, App, Button, Card, Col, Empty, Form, Row, Space, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, companyInfoActionAllowed, shownBusinessTerm, type CompanyInfoFieldsInput, type CompanyInfoView, type Lang } from '@rd/contract';
import { showServerFieldErrors } from '../../components/fieldRules';
import { useConfirmAction } from '../../components/useConfirmAction';
import { usePermission } from '../../components/usePermission';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { formatDateTime } from '../../utils/format';
import { AuditTrail } from './AuditTrail';
import { COMPANY_INFO_FIELDS, CompanyInfoFields, type CompanyInfoFormValues } from './CompanyInfoFields';
import { CompanyStatusTag } from './CompanyStatusTag';
import { COMPANY_INFO_QUERY_KEY, fetchOwnCompanyInfo, saveReport, submitReport, withdrawReport } from './companyInfoApi';
import './company.css';

const OWN_KEY = [...COMPANY_INFO_QUERY_KEY, 'own'] as const;

/**
 * The report as the form starts: the saved report, or before the first one the company as registered. The
 * business term is stored in the licence's words (至 长期) and shown in the screen's ("to open-ended").
 */
export function formValues(view: CompanyInfoView, lang: Lang): CompanyInfoFormValues {
  const source = view.info ?? view.company;
  const values = Object.fromEntries(COMPANY_INFO_FIELDS.map((name) => [name, (source as Record<string, unknown>)[name] ?? undefined])) as CompanyInfoFormValues;
  return values.businessTerm ? { ...values, businessTerm: shownBusinessTerm(values.businessTerm, lang) } : values;
}

/** Empty inputs are sent as '' (text) and null (pictures), as the contract reads them. */
function toBody(values: CompanyInfoFormValues): CompanyInfoFieldsInput {
  const body = Object.fromEntries(COMPANY_INFO_FIELDS.map((name) => [name, values[name] ?? ''])) as Record<string, string>;
  return { ...body, logoFileId: values.logoFileId || null, licenseFileId: values.licenseFileId || null } as CompanyInfoFieldsInput;
}

/**
 * The company's own info (spec 7.8, CompanyInfo): its state, why it was rejected, when it last passed,
 * the form, and only the actions the state machine allows now — save (report / edit), submit, withdraw —
 * with the audit trail beside it.
 */
export default function CompanyInfo() {
  const { t } = useTranslation();
  const view = useQuery({ queryKey: OWN_KEY, queryFn: fetchOwnCompanyInfo });
  if (!view.data) {
    return <Card>{view.isLoading ? <Spin /> : <Empty description={t('company.info.loadFailed')} />}</Card>;
  }
  return <CompanyInfoEditor key={view.data.info?.updatedAt ?? 'new'} view={view.data} />;
}

function CompanyInfoEditor({ view }: { view: CompanyInfoView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirmAction = useConfirmAction();
  const [form] = Form.useForm<CompanyInfoFormValues>();
  const lang = useStore(appStore, (s) => s.language);
  const canEdit = usePermission(PERMISSIONS.companyInfoEdit);
  const canSubmit = usePermission(PERMISSIONS.companyInfoSubmit);
  const info = view.info;
  const status = info?.status ?? null;
  const editable = canEdit && (status === null || companyInfoActionAllowed('EDIT', status));
  const submittable = canSubmit && status !== null && companyInfoActionAllowed('SUBMIT', status);
  const withdrawable = canSubmit && status !== null && companyInfoActionAllowed('UNSUBMIT', status);

  const done = (next: CompanyInfoView) => {
    void message.success(t('common.operationSuccess'));
    queryClient.setQueryData(OWN_KEY, next);
  };
  const save = useMutation({
    mutationFn: (values: CompanyInfoFormValues) => saveReport(toBody(values), info === null),
    onSuccess: done,
    onError: (error) => showServerFieldErrors(form, error, COMPANY_INFO_FIELDS),
  });
  // A refused transition (someone else acted meanwhile) shows the server's message; the view is reloaded.
  const refresh = () => queryClient.invalidateQueries({ queryKey: OWN_KEY });

  const onSave = async () => {
    // a form that does not pass says so under its fields: nothing more to do here
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (status === 'APPROVED') {
      confirmAction({ title: t('company.info.editApprovedTitle'), content: t('company.info.editApprovedConfirm'), danger: false, action: () => save.mutateAsync(values) });
    } else {
      save.mutate(values);
    }
  };
  const onSubmit = () => {
    if (form.isFieldsTouched()) {
      void message.warning(t('company.info.saveFirst'));
      return;
    }
    confirmAction({
      title: t('company.info.submit'),
      content: t('company.info.submitConfirm'),
      danger: false,
      action: () => submitReport().then(done, (error: unknown) => refresh().then(() => Promise.reject(error))),
    });
  };
  const onWithdraw = () =>
    confirmAction({
      title: t('company.info.withdraw'),
      content: t('company.info.withdrawConfirm'),
      danger: false,
      action: () => withdrawReport().then(done, (error: unknown) => refresh().then(() => Promise.reject(error))),
    });

  return (
    <Row gutter={16} className="company-info">
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space wrap>
              <span>{t('company.info.heading')}</span>
              <CompanyStatusTag status={status} />
              {info ? <Typography.Text type="secondary">{t('company.info.revision', { revision: info.revision })}</Typography.Text> : null}
            </Space>
          }
          extra={<Typography.Text type="secondary">{`${t('company.fields.merchantCode')}: ${view.company.merchantCode}`}</Typography.Text>}
        >
          <Space orientation="vertical" className="company-info__notes">
            {info === null ? <Alert type="info" showIcon message={t('company.info.notReported')} /> : null}
            {info?.approvedAt ? (
              <Typography.Text data-testid="company-last-approved">
                {t('company.info.lastApproved', { time: formatDateTime(info.approvedAt), revision: info.approvedRevision ?? '' })}
              </Typography.Text>
            ) : info ? (
              <Typography.Text type="warning">{t('company.info.neverApproved')}</Typography.Text>
            ) : null}
            {info?.rejectReason ? (
              <Alert
                type={status === 'REJECTED' ? 'error' : 'warning'}
                showIcon
                data-testid="company-reject-reason"
                message={status === 'REJECTED' ? t('company.info.rejectReason') : t('company.info.lastRejectReason')}
                description={<span className="company-text">{info.rejectReason}</span>}
              />
            ) : null}
            {info?.approved && status !== 'APPROVED' ? <Alert type="info" showIcon message={t('company.info.approvedStillShown', { revision: info.approvedRevision })} /> : null}
            {status === 'SUBMITTED' ? <Alert type="info" showIcon message={t('company.info.underAudit')} /> : null}
            {!canEdit && !canSubmit ? <Typography.Text type="secondary">{t('company.info.noPermission')}</Typography.Text> : null}
          </Space>
          <Form form={form} layout="vertical" initialValues={formValues(view, lang)} className="company-info__form">
            <CompanyInfoFields disabled={!editable} />
          </Form>
          <Space wrap>
            {editable ? (
              <Button type="primary" loading={save.isPending} onClick={() => void onSave()} data-testid="company-save">
                {t('company.info.save')}
              </Button>
            ) : null}
            {submittable ? (
              <Button onClick={onSubmit} data-testid="company-submit">
                {t('company.info.submit')}
              </Button>
            ) : null}
            {withdrawable ? (
              <Button onClick={onWithdraw} data-testid="company-withdraw">
                {t('company.info.withdraw')}
              </Button>
            ) : null}
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('company.info.trail')}>
          <AuditTrail entries={view.trail} />
        </Card>
      </Col>
    </Row>
  );
}
