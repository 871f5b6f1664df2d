import { Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPORT_REASON_MAX, SUPPORT_REASON_MIN, validationMessage, type CompanyInfoRow } from '@rd/contract';
import { openSupportView } from '../../api/supportView';
import { startOverAtHome } from '../../app/supportView/startOver';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { FormModal } from '../../components/FormModal';
import { showServerFieldErrors, useFieldRules } from '../../components/fieldRules';

/**
 * Asks why platform staff want to look at a company (the reason goes to the operation log with the
 * opening), then opens the read-only support view and starts the portal over on the company's screens.
 */
export function SupportViewModal({ company, onClose }: { company: CompanyInfoRow; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useStore(appStore, (s) => s.language);
  const rules = useFieldRules();
  const [form] = Form.useForm<{ reason: string }>();
  const open = useMutation({
    mutationFn: (reason: string) => openSupportView({ companyId: company.companyId, reason }),
    onSuccess: startOverAtHome,
    onError: (error) => showServerFieldErrors(form, error, ['reason']),
  });
  const minLength = { type: 'string' as const, min: SUPPORT_REASON_MIN, transform: (v: string) => v.trim(), message: validationMessage('validation.tooShort', lang, { min: SUPPORT_REASON_MIN }) };

  return (
    <FormModal title={t('supportView.title', { company: company.fullName })} form={form} saving={open.isPending} onClose={onClose}>
      <Typography.Paragraph type="secondary">{t('supportView.explain')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => open.mutate(values.reason.trim())} data-testid="support-form">
        <Form.Item name="reason" label={t('supportView.reason')} rules={[rules.required(t('supportView.reason')), minLength, rules.maxLength(SUPPORT_REASON_MAX)]}>
          <Input.TextArea rows={3} maxLength={SUPPORT_REASON_MAX} showCount placeholder={t('supportView.reasonPlaceholder')} data-testid="support-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
