import { useState } from 'react';
import { Alert, App, Button, Descriptions, Form, Input, InputNumber, Radio, Select, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CODE_BULK_SCOPES,
  CODE_LIST_MAX,
  PERMISSIONS,
  VOID_REASON_MAX,
  type CodeBulkAction,
  type CodeBulkPreview,
  type CodeBulkScope,
  type CodeBulkSelection,
} from '@rd/contract';
import { CODES_QUERY_KEY, fetchBatchOptions, fetchRuleOptions } from '../../../api/code';
import { applyBulk, previewBulk, readCodeListFile } from '../../../api/codeBulk';
import { CODE_RECORD_LIST_KEY, fetchCodeRecordPage } from '../../../api/codeRecord';
import { BATCHES_QUERY_KEY } from '../../../api/productBatch';
import { FormModal } from '../../../components/FormModal';
import { usePermission } from '../../../components/usePermission';
import { formatDateTime } from '../../../utils/format';
import { codesOfText } from '../../supplyChain/recall/codesText';
import { formatCount } from '../tagGenerate/formatCount';

interface BulkValues {
  scope: CodeBulkScope;
  recordId?: string;
  batchId?: string;
  ruleId?: string;
  fromSerial?: number;
  toSerial?: number;
  codesText?: string;
  reason?: string;
}

function selectionOf(values: BulkValues): CodeBulkSelection {
  switch (values.scope) {
    case 'JOB':
      return { scope: 'JOB', recordId: values.recordId ?? '' };
    case 'BATCH':
      return { scope: 'BATCH', batchId: values.batchId ?? '' };
    case 'RANGE':
      return { scope: 'RANGE', ruleId: values.ruleId ?? '', fromSerial: values.fromSerial ?? 0, toSerial: values.toSerial ?? 0 };
    case 'LIST':
      return { scope: 'LIST', codes: codesOfText(values.codesText ?? '').map((c) => c.toUpperCase()) };
  }
}

/** Which fields each scope asks for (checked before a preview). */
const SCOPE_FIELDS: Record<CodeBulkScope, Array<keyof BulkValues>> = {
  JOB: ['recordId'],
  BATCH: ['batchId'],
  RANGE: ['ruleId', 'fromSerial', 'toSerial'],
  LIST: ['codesText'],
};

/**
 * Activating or voiding many codes at once: the codes of a job, a batch, a serial range of a rule, or a list
 * (typed, or read from a .txt, .csv or .xlsx file). "Preview" says how many would change, how many are already
 * in that state or cannot change, and which listed codes are unknown; only then may the operation be
 * confirmed, and it changes every code or none. Voiding asks for a reason. Changing the selection asks for a
 * new preview.
 */
export function BulkCodesModal({ action, onClose }: { action: CodeBulkAction; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BulkValues>();
  const scope = Form.useWatch('scope', form) ?? 'JOB';
  const codesText = Form.useWatch('codesText', form) ?? '';
  const [preview, setPreview] = useState<CodeBulkPreview | null>(null);
  const [reading, setReading] = useState(false);

  const mayReadJobs = usePermission(PERMISSIONS.codeRecordList);
  const mayReadBatches = usePermission(PERMISSIONS.batchList);
  const mayReadRules = usePermission(PERMISSIONS.ruleList);
  const jobs = useQuery({
    queryKey: [...CODE_RECORD_LIST_KEY, 'bulkOptions'],
    queryFn: () => fetchCodeRecordPage({ status: 'DONE', pageSize: 100 }),
    enabled: mayReadJobs,
  });
  const batches = useQuery({ queryKey: ['tagDetail', 'batchOptions', ''], queryFn: () => fetchBatchOptions(undefined), enabled: mayReadBatches });
  const rules = useQuery({ queryKey: ['tagDetail', 'ruleOptions'], queryFn: fetchRuleOptions, enabled: mayReadRules });

  const asking = useMutation({
    mutationFn: (selection: CodeBulkSelection) => previewBulk(action, selection),
    onSuccess: setPreview,
  });
  const applying = useMutation({
    mutationFn: (values: BulkValues) => applyBulk(action, selectionOf(values), (values.reason ?? '').trim()),
    onSuccess: async (result) => {
      void message.success(t(`tagDetail.bulk.done.${action}`, { changed: formatCount(result.changed) }));
      for (const queryKey of [CODES_QUERY_KEY, CODE_RECORD_LIST_KEY, BATCHES_QUERY_KEY]) await queryClient.invalidateQueries({ queryKey });
      onClose();
    },
  });

  const askPreview = async () => {
    const values = await form.validateFields(SCOPE_FIELDS[scope]).catch(() => null);
    if (!values) return;
    asking.mutate(selectionOf({ ...form.getFieldsValue(), scope }));
  };

  const readFile = async (file: File) => {
    setReading(true);
    try {
      const codes = await readCodeListFile(file);
      form.setFieldValue('codesText', codes.join('\n'));
      setPreview(null);
    } catch {
      // the HTTP client has shown why the file was refused
    } finally {
      setReading(false);
    }
  };

  const ready = preview !== null && preview.willChange > 0 && preview.notFound === 0;
  const listed = codesOfText(codesText).length;

  return (
    <FormModal
      title={t(`tagDetail.bulk.title.${action}`)}
      form={form}
      saving={applying.isPending}
      onClose={onClose}
      width={640}
      okDisabled={!ready}
    >
      <Form<BulkValues>
        form={form}
        layout="vertical"
        initialValues={{ scope: 'JOB' }}
        onValuesChange={(changed) => {
          if (!('reason' in changed)) setPreview(null);
        }}
        onFinish={(values) => applying.mutate(values)}
        data-testid="bulk-form"
      >
        <Form.Item name="scope" label={t('tagDetail.bulk.scope')}>
          <Radio.Group
            optionType="button"
            options={CODE_BULK_SCOPES.map((s) => ({ value: s, label: t(`tagDetail.bulk.scopes.${s}`) }))}
            data-testid="bulk-scope"
          />
        </Form.Item>
        {scope === 'JOB' && (
          <Form.Item name="recordId" label={t('tagDetail.job')} rules={[{ required: true, message: t('tagDetail.bulk.required') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('tagDetail.bulk.pickJob')}
              options={(jobs.data?.list ?? []).map((j) => ({
                value: j.id,
                label: `${j.ruleName} · ${formatCount(j.progress)} · ${formatDateTime(j.createdAt)}`,
              }))}
              data-testid="bulk-job"
            />
          </Form.Item>
        )}
        {scope === 'BATCH' && (
          <Form.Item name="batchId" label={t('tagDetail.batch')} rules={[{ required: true, message: t('tagDetail.bulk.required') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={(batches.data ?? []).map((b) => ({ value: b.id, label: b.batchNo }))}
              data-testid="bulk-batch"
            />
          </Form.Item>
        )}
        {scope === 'RANGE' && (
          <Space align="start" wrap>
            <Form.Item name="ruleId" label={t('tagDetail.rule')} rules={[{ required: true, message: t('tagDetail.bulk.required') }]}>
              <Select style={{ width: 200 }} options={(rules.data ?? []).map((r) => ({ value: r.id, label: r.ruleName }))} data-testid="bulk-rule" />
            </Form.Item>
            <Form.Item name="fromSerial" label={t('tagDetail.bulk.fromSerial')} rules={[{ required: true, message: t('tagDetail.bulk.required') }]}>
              <InputNumber min={0} precision={0} style={{ width: 160 }} data-testid="bulk-from" />
            </Form.Item>
            <Form.Item name="toSerial" label={t('tagDetail.bulk.toSerial')} rules={[{ required: true, message: t('tagDetail.bulk.required') }]}>
              <InputNumber min={0} precision={0} style={{ width: 160 }} data-testid="bulk-to" />
            </Form.Item>
          </Space>
        )}
        {scope === 'LIST' && (
          <Form.Item
            name="codesText"
            label={
              <Space>
                {t('tagDetail.bulk.codes')}
                <span data-testid="bulk-codes-count">{t('tagDetail.bulk.codesCount', { n: formatCount(listed), max: formatCount(CODE_LIST_MAX) })}</span>
              </Space>
            }
            extra={
              <Upload accept=".txt,.csv,.xlsx" showUploadList={false} beforeUpload={(file) => (void readFile(file), false)}>
                <Button icon={<UploadOutlined />} loading={reading} data-testid="bulk-upload">
                  {t('tagDetail.bulk.upload')}
                </Button>
              </Upload>
            }
            rules={[{ required: true, whitespace: true, message: t('tagDetail.bulk.required') }]}
          >
            <Input.TextArea rows={5} placeholder={t('tagDetail.bulk.codesPlaceholder')} data-testid="bulk-codes" />
          </Form.Item>
        )}
        {action === 'VOID' && (
          <Form.Item name="reason" label={t('tagDetail.reason')} rules={[{ required: true, whitespace: true, message: t('tagDetail.reasonRequired') }]}>
            <Input.TextArea rows={2} maxLength={VOID_REASON_MAX} showCount placeholder={t('tagDetail.reasonPlaceholder')} data-testid="bulk-reason" />
          </Form.Item>
        )}
        <Button onClick={() => void askPreview()} loading={asking.isPending} data-testid="bulk-preview">
          {t('tagDetail.bulk.preview')}
        </Button>
        {preview && (
          <div style={{ marginTop: 16 }} data-testid="bulk-preview-result">
            <Descriptions bordered size="small" column={1}>
              <Descriptions.Item label={t('tagDetail.bulk.found')}>
                <span data-testid="bulk-found">{formatCount(preview.found)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t(`tagDetail.bulk.willChange.${action}`)}>
                <Typography.Text strong data-testid="bulk-will-change">
                  {formatCount(preview.willChange)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t(`tagDetail.bulk.already.${action}`)}>
                <span data-testid="bulk-already">{formatCount(preview.already)}</span>
              </Descriptions.Item>
              {action === 'ACTIVATE' && (
                <Descriptions.Item label={t('tagDetail.bulk.blocked')}>
                  <span data-testid="bulk-blocked">{formatCount(preview.blocked)}</span>
                </Descriptions.Item>
              )}
              {scope === 'LIST' && (
                <Descriptions.Item label={t('tagDetail.bulk.notFound')}>
                  <span data-testid="bulk-not-found">{formatCount(preview.notFound)}</span>
                </Descriptions.Item>
              )}
            </Descriptions>
            {preview.notFound > 0 && (
              <Alert
                type="error"
                showIcon
                style={{ marginTop: 12 }}
                title={t('tagDetail.bulk.unknownRefused')}
                description={preview.notFoundCodes.join('、')}
                data-testid="bulk-unknown"
              />
            )}
            {preview.notFound === 0 && preview.willChange === 0 && (
              <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('tagDetail.bulk.nothingToChange')} />
            )}
          </div>
        )}
      </Form>
    </FormModal>
  );
}
