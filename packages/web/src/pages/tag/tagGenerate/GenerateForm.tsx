import { App, Button, Form, Input, InputNumber, Select } from 'antd';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CODE_QUANTITY_MAX, CODE_QUANTITY_MIN, CODE_RECORD_REMARK_MAX, type CodeRecordAddBody, type RuleOption } from '@rd/contract';
import { CODE_RECORD_LIST_KEY, addCodeRecord } from '../../../api/codeRecord';
import { showServerFieldErrors, useFieldRules } from '../../../components/fieldRules';
import { ProductBatchSelects } from '../../product/productBatch/ProductBatchSelects';
import { formatCount, parseCount } from './formatCount';

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

/** Queue a generation job: an enabled rule of the company, a quantity, an optional remark. */
export function GenerateForm({ rules }: { rules: UseQueryResult<RuleOption[]> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const fieldRules = useFieldRules();
  const [form] = Form.useForm<GenerateValues>();

  const add = useMutation({
    mutationFn: (values: GenerateValues) => addCodeRecord(generateRequest(values)),
    onSuccess: async () => {
      void message.success(t('tagGenerate.queued'));
      form.resetFields(['quantity', 'remark']);
      await queryClient.invalidateQueries({ queryKey: CODE_RECORD_LIST_KEY });
    },
    onError: (error) => showServerFieldErrors(form, error, FIELDS),
  });

  const options = (rules.data ?? []).map((rule) => ({
    value: rule.id,
    label: `${rule.ruleName}（${t(`tagGenerate.modes.${rule.mode}`)}）`,
  }));

  return (
    <Form form={form} layout="inline" className="tag-generate__form" onFinish={(values) => add.mutate(values)}>
      <Form.Item name="ruleId" label={t('tagGenerate.rule')} rules={[fieldRules.requiredValue()]}>
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
        rules={[fieldRules.requiredValue(), fieldRules.integerRange(CODE_QUANTITY_MIN, CODE_QUANTITY_MAX)]}
      >
        <InputNumber<number>
          style={{ width: 180 }}
          min={CODE_QUANTITY_MIN}
          max={CODE_QUANTITY_MAX}
          precision={0}
          formatter={(value) => (value === undefined || value === null || `${value}` === '' ? '' : formatCount(Number(value)))}
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
  );
}
