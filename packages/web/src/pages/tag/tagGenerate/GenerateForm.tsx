import { useRef } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Select } from 'antd';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CODE_QUANTITY_MAX,
  CODE_QUANTITY_MIN,
  CODE_RECORD_REMARK_MAX,
  CONFIRM_CODE_QUANTITY,
  type CodeRecordAddBody,
  type RuleOption,
} from '@rd/contract';
import { CODE_RECORD_LIST_KEY, addCodeRecord, fetchJobEstimate } from '../../../api/codeRecord';
import { newIdempotencyKey } from '../../../api/idempotencyKey';
import { LABEL_ADDRESS_KEY, fetchLabelAddress } from '../../../api/labelAddress';
import { showServerFieldErrors, useFieldRules } from '../../../components/fieldRules';
import { useConfirmAction } from '../../../components/useConfirmAction';
import { ProductBatchSelects } from '../../product/productBatch/ProductBatchSelects';
import { BigJobEstimate } from './BigJobEstimate';
import { formatCount, formatTypedCount, parseCount } from './formatCount';

interface GenerateValues {
  ruleId?: string;
  quantity?: number;
  remark?: string;
  /** From the product and batch selects. */
  productId?: string;
  batchId?: string;
}

const FIELDS = ['ruleId', 'quantity', 'remark', 'productId', 'batchId'] as const;

/** The request from the form: only the fields the API accepts. */
export function generateRequest(values: GenerateValues): CodeRecordAddBody {
  return {
    ruleId: values.ruleId ?? '',
    quantity: values.quantity as number,
    remark: values.remark?.trim() ?? '',
    productId: values.productId || undefined,
    batchId: values.batchId || undefined,
  };
}

/**
 * Queue a generation job: an enabled rule of the company, a quantity, an optional remark. The quantity is
 * never corrected behind the user's back: out of range or not whole, it gets a message under the field.
 * A job of CONFIRM_CODE_QUANTITY codes or more shows its estimated time and download sizes first. One
 * Idempotency-Key names each intended job, so a double click or a retry queues it once; changing the form
 * makes it another job.
 */
export function GenerateForm({ rules }: { rules: UseQueryResult<RuleOption[]> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const queryClient = useQueryClient();
  const fieldRules = useFieldRules();
  const [form] = Form.useForm<GenerateValues>();
  const jobKey = useRef<string | null>(null);
  const estimating = useRef(false);
  const labelAddress = useQuery({ queryKey: LABEL_ADDRESS_KEY, queryFn: fetchLabelAddress, staleTime: 60_000 });

  const add = useMutation({
    mutationFn: ({ body, key }: { body: CodeRecordAddBody; key: string }) => addCodeRecord(body, key),
    onSuccess: async () => {
      jobKey.current = null;
      void message.success(t('tagGenerate.queued'));
      form.resetFields(['quantity', 'remark']);
      await queryClient.invalidateQueries({ queryKey: CODE_RECORD_LIST_KEY });
    },
    onError: (error) => showServerFieldErrors(form, error, FIELDS),
  });

  const submit = async (values: GenerateValues) => {
    const body = generateRequest(values);
    jobKey.current ??= newIdempotencyKey();
    const key = jobKey.current;
    if (body.quantity < CONFIRM_CODE_QUANTITY) {
      add.mutate({ body, key });
      return;
    }
    if (estimating.current) return;
    estimating.current = true;
    try {
      const estimate = await fetchJobEstimate(body);
      confirm({
        title: t('tagGenerate.estimate.title', { quantity: formatCount(body.quantity) }),
        content: <BigJobEstimate estimate={estimate} />,
        danger: false,
        action: () => add.mutateAsync({ body, key }),
      });
    } catch (error) {
      showServerFieldErrors(form, error, FIELDS);
    } finally {
      estimating.current = false;
    }
  };

  const options = (rules.data ?? []).map((rule) => ({
    value: rule.id,
    label: `${rule.ruleName}（${t(`tagGenerate.modes.${rule.mode}`)}）`,
  }));
  const address = labelAddress.data;

  return (
    <>
      {address && !address.publicBaseUrlConfigured && (
        <Alert
          type="warning"
          showIcon
          className="tag-generate__address"
          title={t('tagGenerate.localhostWarning', { url: address.publicBaseUrl })}
          data-testid="generate-localhost-warning"
        />
      )}
      <Form
        form={form}
        layout="inline"
        className="tag-generate__form"
        onValuesChange={() => {
          jobKey.current = null;
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="ruleId" label={t('tagGenerate.rule')} rules={[fieldRules.requiredChoice(t('tagGenerate.rule'))]}>
          <Select
            style={{ width: 240 }}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('tagGenerate.rulePlaceholder')}
            loading={rules.isFetching}
            options={options}
            notFoundContent={rules.isFetching ? undefined : t('tagGenerate.noRules')}
            data-testid="generate-rule"
          />
        </Form.Item>
        <ProductBatchSelects />
        <Form.Item
          name="quantity"
          label={t('tagGenerate.quantity')}
          tooltip={t('tagGenerate.quantityHint', { max: formatCount(CODE_QUANTITY_MAX) })}
          rules={[fieldRules.requiredValue(t('tagGenerate.quantity')), fieldRules.integerRange(CODE_QUANTITY_MIN, CODE_QUANTITY_MAX)]}
        >
          {/* No min, max or precision: the input would clamp or round what was typed without a word. */}
          <InputNumber<number>
            style={{ width: 180 }}
            formatter={(value) => (value === undefined || value === null || `${value}` === '' ? '' : formatTypedCount(`${value}`))}
            parser={(text) => Number(parseCount(text))}
            data-testid="generate-quantity"
          />
        </Form.Item>
        <Form.Item name="remark" label={t('tagGenerate.remark')} rules={[fieldRules.maxLength(CODE_RECORD_REMARK_MAX)]}>
          <Input style={{ width: 240 }} maxLength={CODE_RECORD_REMARK_MAX} placeholder={t('tagGenerate.remarkPlaceholder')} allowClear />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="generate-submit">
            {t('tagGenerate.generate')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
