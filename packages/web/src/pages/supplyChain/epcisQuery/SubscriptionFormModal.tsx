import { useState } from 'react';
import { Alert, App, Checkbox, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Space, TimePicker, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '@rd/contract';
import { SCHEDULE_FIELDS, SUBSCRIPTIONS_KEY, subscribe, type Subscription } from '../../../api/epcisQueries';
import { appStore } from '../../../app/state/appStore';
import { useStore } from '../../../app/state/createStore';
import { sessionStore } from '../../../app/state/sessionStore';
import { FormModal } from '../../../components/FormModal';
import { useFieldRules } from '../../../components/fieldRules';
import { showRefusal } from './serverErrors';
import {
  DEST_MAX,
  SCHEDULE_VALUE,
  SERVER_FIELDS,
  SIGNATURE_TOKEN_MAX,
  SUBSCRIPTION_INITIAL,
  isWebhookAddress,
  subscriptionBody,
  type SubscriptionFormValues,
} from './subscriptionForm';

/**
 * A new subscription to a saved query: where to post (a webhook), the token that signs each delivery,
 * and when — as events come, or on a schedule (every day at a time, every hour at a minute, or cron-like
 * fields). The server's refusals (a private address, a schedule it cannot read) go under their fields.
 */
export function SubscriptionFormModal({ queryName, onClose, onCreated }: { queryName: string; onClose: () => void; onCreated: (created: Subscription) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useStore(appStore, (s) => s.language);
  const zone = useStore(sessionStore, (s) => s.user?.timeZone) || 'Asia/Shanghai';
  const rules = useFieldRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SubscriptionFormValues>();
  const mode = Form.useWatch('mode', form) ?? SUBSCRIPTION_INITIAL.mode;
  const scheduleKind = Form.useWatch('scheduleKind', form) ?? SUBSCRIPTION_INITIAL.scheduleKind;
  const [problems, setProblems] = useState<string[]>([]);

  const create = useMutation({
    mutationFn: (values: SubscriptionFormValues) => subscribe(queryName, subscriptionBody(values)),
    onMutate: () => setProblems([]),
    onSuccess: (created) => {
      void message.success(t('epcisQuery.subscription.created'));
      void queryClient.invalidateQueries({ queryKey: [...SUBSCRIPTIONS_KEY, queryName] });
      onCreated(created);
    },
    onError: (error) => {
      const left = showRefusal(form, error, SERVER_FIELDS, t('http.systemError'));
      setProblems(left.others);
      if (left.message) void message.error(left.message);
    },
  });

  const scheduleRule = {
    validator: (_: unknown, value: unknown) =>
      typeof value !== 'string' || !value.trim() || SCHEDULE_VALUE.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(validationMessage('validation.epcisSchedule', lang, { detail: value.trim().slice(0, 40) }))),
  };

  return (
    <FormModal title={t('epcisQuery.subscription.addTitle', { name: queryName })} form={form} saving={create.isPending} onClose={onClose} width={600}>
      <Form<SubscriptionFormValues>
        form={form}
        layout="vertical"
        initialValues={SUBSCRIPTION_INITIAL}
        onFinish={(values) => create.mutate(values)}
        data-testid="subscription-form"
      >
        <Form.Item
          name="dest"
          label={t('epcisQuery.subscription.dest')}
          extra={t('epcisQuery.subscription.destHint')}
          rules={[
            rules.required(t('epcisQuery.subscription.dest')),
            {
              validator: (_, value: unknown) =>
                typeof value !== 'string' || !value.trim() || isWebhookAddress(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(validationMessage('validation.webhookAddress', lang))),
            },
          ]}
        >
          <Input type="url" inputMode="url" maxLength={DEST_MAX} placeholder={t('epcisQuery.subscription.destPlaceholder')} autoComplete="off" data-testid="subscription-dest" />
        </Form.Item>
        <Form.Item name="signatureToken" label={t('epcisQuery.subscription.signatureToken')} extra={t('epcisQuery.subscription.signatureTokenHint')}>
          <Input.Password maxLength={SIGNATURE_TOKEN_MAX} placeholder={t('epcisQuery.subscription.signatureTokenPlaceholder')} autoComplete="new-password" data-testid="subscription-token" />
        </Form.Item>
        <Form.Item name="mode" label={t('epcisQuery.subscription.mode')}>
          <Radio.Group data-testid="subscription-mode">
            <Space orientation="vertical" size={4}>
              {(['stream', 'schedule'] as const).map((m) => (
                <Radio key={m} value={m} data-testid={`subscription-mode-${m}`}>
                  {t(`epcisQuery.subscription.${m}`)}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                    {t(`epcisQuery.subscription.${m}Hint`)}
                  </Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {mode === 'schedule' && (
          <div className="subscription-form__schedule">
            <Form.Item name="scheduleKind" label={t('epcisQuery.subscription.scheduleKind')}>
              <Radio.Group
                optionType="button"
                options={(['daily', 'hourly', 'advanced'] as const).map((k) => ({ value: k, label: t(`epcisQuery.subscription.${k}`) }))}
                data-testid="subscription-schedule-kind"
              />
            </Form.Item>
            {scheduleKind === 'daily' && (
              <Form.Item name="dailyTime" label={t('epcisQuery.subscription.dailyTime')} extra={t('epcisQuery.subscription.timeZone', { zone })} rules={[rules.requiredChoice(t('epcisQuery.subscription.dailyTime'))]}>
                <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} data-testid="subscription-daily-time" />
              </Form.Item>
            )}
            {scheduleKind === 'hourly' && (
              <Form.Item name="hourlyMinute" label={t('epcisQuery.subscription.hourlyMinute')} rules={[rules.requiredValue(t('epcisQuery.subscription.hourlyMinute')), rules.integerRange(0, 59)]}>
                <InputNumber min={0} max={59} precision={0} style={{ width: 120 }} data-testid="subscription-hourly-minute" />
              </Form.Item>
            )}
            {scheduleKind === 'advanced' && (
              <Form.Item label={null} extra={t('epcisQuery.subscription.advancedHint', { zone })} style={{ marginBottom: 16 }}>
                <Row gutter={[8, 0]}>
                  {SCHEDULE_FIELDS.map((field) => (
                    <Col key={field} xs={8} sm={4}>
                      <Form.Item name={['advanced', field]} label={t(`epcisQuery.subscription.fields.${field}`)} rules={[scheduleRule]} style={{ marginBottom: 8 }}>
                        <Input placeholder={field === 'second' ? '0' : '*'} maxLength={100} autoComplete="off" data-testid={`subscription-cron-${field}`} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </Form.Item>
            )}
            <Form.Item name="reportIfEmpty" valuePropName="checked">
              <Checkbox data-testid="subscription-report-if-empty">{t('epcisQuery.subscription.reportIfEmpty')}</Checkbox>
            </Form.Item>
          </div>
        )}
        <Form.Item name="initialRecordTime" label={t('epcisQuery.subscription.initialRecordTime')} extra={t('epcisQuery.subscription.initialRecordTimeHint')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={t('epcisQuery.subscription.initialRecordTimePlaceholder')} data-testid="subscription-initial-time" />
        </Form.Item>
        {problems.length > 0 && <Alert type="error" showIcon title={problems.join('; ')} data-testid="subscription-problems" />}
      </Form>
    </FormModal>
  );
}
