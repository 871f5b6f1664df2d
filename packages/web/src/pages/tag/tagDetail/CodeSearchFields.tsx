import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE_MATCHES, CODE_STATUS_DICT, CODE_STATUSES, CODE_TEXT_MAX } from '@rd/contract';
import { useDictOptions } from '../../../dict/useDictionaries';
import { TimeRangePicker } from '../../../components/TimeRangePicker';
import { useCodeFilterOptions } from './filterOptions';

/** The search form of the codes list: rule, job, status, product, batch, box, code and generation time. */
export function CodeSearchFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const productId = Form.useWatch<string | undefined>('productId', form);
  const options = useCodeFilterOptions(productId);
  const dictStatuses = useDictOptions(CODE_STATUS_DICT);
  // The dictionary labels the statuses; while it is off, the built-in labels do.
  const statuses = dictStatuses.length
    ? dictStatuses.map((o) => ({ value: o.value, label: o.label }))
    : CODE_STATUSES.map((s) => ({ value: s, label: t(`tagDetail.statuses.${s}`) }));
  const search = { optionFilterProp: 'label' } as const;

  return (
    <>
      <Form.Item label={t('tagDetail.code')}>
        <Space.Compact>
          <Form.Item name="codeMatch" noStyle initialValue="PREFIX">
            <Select
              style={{ width: 110 }}
              aria-label={t('tagDetail.codeMatch')}
              options={CODE_MATCHES.map((m) => ({ value: m, label: t(`tagDetail.codeMatches.${m}`) }))}
            />
          </Form.Item>
          <Form.Item name="code" noStyle>
            <Input allowClear maxLength={CODE_TEXT_MAX} style={{ width: 200 }} placeholder={t('tagDetail.codePlaceholder')} data-testid="code-search-code" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="status" label={t('tagDetail.status')}>
        <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={statuses} data-testid="code-search-status" />
      </Form.Item>
      <Form.Item name="ruleId" label={t('tagDetail.rule')}>
        <Select allowClear showSearch={search} style={{ width: 160 }} placeholder={t('common.all')} options={options.rules} />
      </Form.Item>
      <Form.Item name="recordId" label={t('tagDetail.job')}>
        <Input allowClear maxLength={36} style={{ width: 200 }} placeholder={t('tagDetail.jobPlaceholder')} />
      </Form.Item>
      <Form.Item name="productId" label={t('tagDetail.product')}>
        <Select
          allowClear
          showSearch={search}
          style={{ width: 180 }}
          placeholder={t('common.all')}
          options={options.products}
          onChange={() => form.setFieldValue('batchId', undefined)}
        />
      </Form.Item>
      <Form.Item name="batchId" label={t('tagDetail.batch')}>
        <Select allowClear showSearch={search} style={{ width: 150 }} placeholder={t('common.all')} options={options.batches} />
      </Form.Item>
      <Form.Item name="boxCode" label={t('binding.codeList.boxCode')}>
        <Input allowClear maxLength={CODE_TEXT_MAX} style={{ width: 200 }} placeholder={t('binding.codeList.boxCodePlaceholder')} data-testid="code-search-box" />
      </Form.Item>
      <Form.Item name="range" label={t('tagDetail.timeRange')}>
        <TimeRangePicker placeholder={[t('tagDetail.beginTime'), t('tagDetail.endTime')]} />
      </Form.Item>
    </>
  );
}
