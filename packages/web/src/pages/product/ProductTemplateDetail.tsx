import { DetailLoadState } from '../../components/DetailLoadState';
import { useBackToList } from '../../app/router/useBackToList';
import { Alert, App, Button, Card, Divider, Form, Input, Radio, Select, Space, Switch, Table, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ATTRIBUTE_TYPES,
  ATTR_LABEL_MAX,
  CATALOGUE_STATUSES,
  TEMPLATE_ATTRIBUTES_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_REMARK_MAX,
  type CatalogueStatus,
  type TemplateDetail,
} from '@rd/contract';
import { PRODUCTS_QUERY_KEY } from '../../api/product';
import { TEMPLATES_QUERY_KEY, addTemplate, editTemplate, fetchTemplate } from '../../api/productTemplate';
import { isHttpError } from '../../api/HttpError';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { useFieldRules } from '../../components/fieldRules';
import { fieldPath } from './fieldPath';
import { NEW_ATTRIBUTE, attrKeyProblem, type AttributeRow } from './productTemplate/attributeRules';

interface TemplateFormValues {
  name: string;
  status: CatalogueStatus;
  remark?: string;
  attributes: AttributeRow[];
}


/** A template as a full page (productTemplateDetail): adding (no id) or editing (?id=). */
export default function ProductTemplateDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const back = useBackToList('productTemplate');
  const detail = useQuery({ queryKey: [...TEMPLATES_QUERY_KEY, 'detail', id], queryFn: () => fetchTemplate(id), enabled: id !== '' });

  if (id !== '' && (detail.isLoading || !detail.data)) {
    return (
      <DetailLoadState
        loading={detail.isLoading}
        backLabel={t('productTemplate.back')}
        notFoundLabel={t('productTemplate.notFound')}
        onBack={back}
      />
    );
  }
  const template = detail.data ?? null;
  return <TemplateEditor key={template ? `${template.id}@${template.updatedAt}` : 'new'} template={template} onDone={back} />;
}

const TOP_FIELDS = ['name', 'status', 'remark', 'attributes'];

function TemplateEditor({ template, onDone }: { template: TemplateDetail | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lang = useStore(appStore, (s) => s.language);
  const rules = useFieldRules();
  const [form] = Form.useForm<TemplateFormValues>();

  const initialValues: TemplateFormValues = template
    ? {
        name: template.name,
        status: template.status,
        remark: template.remark,
        attributes: template.attributes.map(({ attrKey, label, labelEn, type, required, showOnScan }) => ({ attrKey, label, labelEn, type, required, showOnScan })),
      }
    : { name: '', status: 'ENABLED', remark: '', attributes: [] };

  const save = useMutation({
    mutationFn: (values: TemplateFormValues) => {
      const body = {
        name: values.name,
        status: values.status,
        remark: values.remark ?? '',
        // the list's order is the attributes' order
        attributes: (values.attributes ?? []).map((a) => ({ ...NEW_ATTRIBUTE, ...a, attrKey: a.attrKey.trim() })),
      };
      return template ? editTemplate({ id: template.id, ...body }) : addTemplate(body);
    },
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      onDone();
    },
    onError: (error) => {
      if (!isHttpError(error)) return;
      const own = error.errors.filter((e) => TOP_FIELDS.includes(e.field.split('.')[0] ?? ''));
      if (own.length) form.setFields(own.map((e) => ({ name: fieldPath(e.field) as never, errors: [e.message] })));
    },
  });

  return (
    <Card
      title={template ? t('productTemplate.editTitle') : t('productTemplate.addTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onDone} data-testid="template-detail-back">
          {t('productTemplate.back')}
        </Button>
      }
    >
      <Form<TemplateFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => save.mutate(values)} data-testid="template-form">
        <Form.Item name="name" label={t('productTemplate.name')} rules={[rules.required(t('productTemplate.name')), rules.maxLength(TEMPLATE_NAME_MAX)]}>
          <Input maxLength={TEMPLATE_NAME_MAX} showCount style={{ maxWidth: 480 }} data-testid="template-form-name" />
        </Form.Item>
        <Form.Item name="status" label={t('productTemplate.status')} rules={[rules.requiredChoice(t('productTemplate.status'))]}>
          <Radio.Group options={CATALOGUE_STATUSES.map((s) => ({ value: s, label: t(`productTemplate.statuses.${s}`) }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('productTemplate.remark')} rules={[rules.maxLength(TEMPLATE_REMARK_MAX)]}>
          <Input.TextArea rows={2} maxLength={TEMPLATE_REMARK_MAX} showCount style={{ maxWidth: 720 }} />
        </Form.Item>

        <Divider titlePlacement="start">{t('productTemplate.attributes')}</Divider>
        <Typography.Paragraph type="secondary">{t('productTemplate.attributesHint')}</Typography.Paragraph>
        {template && template.productCount > 0 && (
          <Alert type="warning" showIcon title={t('productTemplate.usedWarning', { count: template.productCount })} style={{ marginBottom: 16 }} />
        )}
        <Form.List name="attributes">
          {(rows, { add, remove, move }) => (
            <>
              <Table
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={rows}
                locale={{ emptyText: t('productTemplate.noAttributes') }}
                data-testid="template-attributes"
                columns={[
                  {
                    key: 'attrKey',
                    title: t('productTemplate.attrKey'),
                    render: (_, row) => (
                      <Form.Item
                        name={[row.name, 'attrKey']}
                        style={{ marginBottom: 0 }}
                        rules={[
                          {
                            validator: () => {
                              const problem = attrKeyProblem(form.getFieldValue('attributes') as AttributeRow[], row.name, lang);
                              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                            },
                          },
                        ]}
                      >
                        <Input maxLength={32} data-testid={`attr-key-${row.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'label',
                    title: t('productTemplate.label'),
                    render: (_, row) => (
                      <Form.Item name={[row.name, 'label']} style={{ marginBottom: 0 }} rules={[rules.required(t('productTemplate.label')), rules.maxLength(ATTR_LABEL_MAX)]}>
                        <Input maxLength={ATTR_LABEL_MAX} data-testid={`attr-label-${row.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'labelEn',
                    title: t('productTemplate.labelEn'),
                    render: (_, row) => (
                      <Form.Item name={[row.name, 'labelEn']} style={{ marginBottom: 0 }} rules={[rules.maxLength(ATTR_LABEL_MAX)]}>
                        <Input maxLength={ATTR_LABEL_MAX} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'type',
                    title: t('productTemplate.type'),
                    width: 130,
                    render: (_, row) => (
                      <Form.Item name={[row.name, 'type']} style={{ marginBottom: 0 }} rules={[rules.requiredChoice(t('productTemplate.type'))]}>
                        <Select options={ATTRIBUTE_TYPES.map((type) => ({ value: type, label: t(`productTemplate.types.${type}`) }))} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'required',
                    title: t('productTemplate.required'),
                    width: 80,
                    render: (_, row) => (
                      <Form.Item name={[row.name, 'required']} valuePropName="checked" style={{ marginBottom: 0 }}>
                        <Switch size="small" data-testid={`attr-required-${row.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'showOnScan',
                    title: t('productTemplate.showOnScan'),
                    width: 100,
                    render: (_, row) => (
                      <Form.Item name={[row.name, 'showOnScan']} valuePropName="checked" style={{ marginBottom: 0 }}>
                        <Switch size="small" />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'operation',
                    title: t('common.operation'),
                    width: 120,
                    render: (_, row, index) => (
                      <Space size={0}>
                        <Tooltip title={t('productTemplate.moveUp')}>
                          <Button
                            type="text"
                            size="small"
                            icon={<ArrowUpOutlined />}
                            aria-label={t('productTemplate.moveUp')}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                            data-testid={`attr-up-${index}`}
                          />
                        </Tooltip>
                        <Tooltip title={t('productTemplate.moveDown')}>
                          <Button
                            type="text"
                            size="small"
                            icon={<ArrowDownOutlined />}
                            aria-label={t('productTemplate.moveDown')}
                            disabled={index === rows.length - 1}
                            onClick={() => move(index, index + 1)}
                            data-testid={`attr-down-${index}`}
                          />
                        </Tooltip>
                        <Tooltip title={t('productTemplate.remove')}>
                          <Button
                            type="text"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('productTemplate.remove')}
                            onClick={() => remove(index)}
                            data-testid={`attr-remove-${index}`}
                          />
                        </Tooltip>
                      </Space>
                    ),
                  },
                ]}
              />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={rows.length >= TEMPLATE_ATTRIBUTES_MAX}
                onClick={() => add({ ...NEW_ATTRIBUTE })}
                style={{ marginTop: 12 }}
                data-testid="attr-add"
              >
                {t('productTemplate.addAttribute')}
              </Button>
            </>
          )}
        </Form.List>

        <Form.Item style={{ marginTop: 24 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="template-form-save">
              {t('productTemplate.save')}
            </Button>
            <Button onClick={onDone}>{t('productTemplate.cancel')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
