import { useEffect } from 'react';
import { App, Cascader, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATALOGUE_STATUSES, DEALER_ADDRESS_MAX, DEALER_CODE_MAX, DEALER_CONTACT_MAX, DEALER_LEVEL_MAX, DEALER_NAME_MAX, DEALER_REMARK_MAX, type DealerRow, type Lang } from '@rd/contract';
import { DEALERS_QUERY_KEY, addDealer, editDealer, fetchDealerOptions } from '../../api/supplyChain';
import { isHttpError } from '../../api/HttpError';
import { useFieldRules } from '../../components/fieldRules';
import { FormModal } from '../../components/FormModal';
import { areaCascaderOptions, areaCodesToPaths, pathsToAreaCodes } from './areaOptions';

interface DealerFormValues {
  code: string;
  name: string;
  contact: string;
  phone: string;
  level: number;
  parentId?: string | null;
  areaPaths: string[][];
  address: string;
  remark: string;
  namePublic: boolean;
  status: 'ENABLED' | 'DISABLED';
}

/** Adds a dealer (no `dealer`) or edits one; the server's field errors land on their fields. */
export function DealerFormModal({ dealer, onClose }: { dealer: DealerRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const rules = useFieldRules();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DealerFormValues>();
  const level = Form.useWatch('level', form) ?? dealer?.level ?? 1;
  const parents = useQuery({
    queryKey: [...DEALERS_QUERY_KEY, 'options', level - 1],
    queryFn: () => fetchDealerOptions({ level: level - 1 }),
    enabled: level > 1,
  });
  useEffect(() => {
    if (level === 1) form.setFieldValue('parentId', null);
  }, [level, form]);

  const save = useMutation({
    mutationFn: (values: DealerFormValues) => {
      const { areaPaths, ...rest } = values;
      const body = { ...rest, parentId: level > 1 ? (rest.parentId ?? null) : null, areaCodes: pathsToAreaCodes(areaPaths ?? []) };
      return dealer ? editDealer({ ...body, id: dealer.id }) : addDealer(body);
    },
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: DEALERS_QUERY_KEY });
      onClose();
    },
    onError: (error) => {
      if (!isHttpError(error)) return;
      const fields = error.errors.map((e) => ({ name: e.field.startsWith('areaCodes') ? 'areaPaths' : e.field, errors: [e.message] }));
      form.setFields(fields as Parameters<typeof form.setFields>[0]);
    },
  });

  return (
    <FormModal title={t(dealer ? 'supply.dealer.editTitle' : 'supply.dealer.addTitle')} form={form} saving={save.isPending} onClose={onClose} width={640}>
      <Form<DealerFormValues>
        form={form}
        layout="vertical"
        initialValues={
          dealer
            ? { ...dealer, areaPaths: areaCodesToPaths(dealer.areaCodes) }
            : { level: 1, status: 'ENABLED', namePublic: true, contact: '', phone: '', address: '', remark: '', areaPaths: [] }
        }
        onFinish={(values) => save.mutate(values)}
        data-testid="dealer-form"
      >
        <Form.Item name="code" label={t('supply.dealer.code')} rules={[rules.required(t('supply.dealer.code'))]}>
          <Input maxLength={DEALER_CODE_MAX} data-testid="dealer-code" />
        </Form.Item>
        <Form.Item name="name" label={t('supply.dealer.name')} rules={[rules.required(t('supply.dealer.name'))]}>
          <Input maxLength={DEALER_NAME_MAX} data-testid="dealer-name" />
        </Form.Item>
        <Form.Item name="level" label={t('supply.dealer.level')} rules={[rules.requiredValue(t('supply.dealer.level'))]}>
          <InputNumber min={1} max={DEALER_LEVEL_MAX} precision={0} data-testid="dealer-level" />
        </Form.Item>
        {level > 1 && (
          <Form.Item name="parentId" label={t('supply.dealer.parent')} rules={[rules.requiredChoice(t('supply.dealer.parent'))]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={parents.isLoading}
              options={(parents.data ?? []).filter((p) => p.id !== dealer?.id).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` }))}
              data-testid="dealer-parent"
            />
          </Form.Item>
        )}
        <Form.Item name="areaPaths" label={t('supply.dealer.areas')} extra={t('supply.dealer.areasHint')} rules={[rules.requiredChoice(t('supply.dealer.areas'))]}>
          <Cascader
            multiple
            showSearch
            options={areaCascaderOptions(i18n.language as Lang)}
            showCheckedStrategy={Cascader.SHOW_PARENT}
            maxTagCount="responsive"
            data-testid="dealer-areas"
          />
        </Form.Item>
        <Form.Item name="contact" label={t('supply.dealer.contact')}>
          <Input maxLength={DEALER_CONTACT_MAX} />
        </Form.Item>
        <Form.Item name="phone" label={t('supply.dealer.phone')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="address" label={t('supply.dealer.address')}>
          <Input maxLength={DEALER_ADDRESS_MAX} />
        </Form.Item>
        <Form.Item name="remark" label={t('supply.dealer.remark')}>
          <Input.TextArea maxLength={DEALER_REMARK_MAX} rows={2} />
        </Form.Item>
        <Form.Item name="namePublic" label={t('supply.dealer.namePublic')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="status" label={t('supply.dealer.status')}>
          <Select options={CATALOGUE_STATUSES.map((s) => ({ value: s, label: t(`supply.dealer.statuses.${s}`) }))} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
