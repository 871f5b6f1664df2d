import { DetailLoadState } from '../../components/DetailLoadState';
import { useBackToList } from '../../app/router/useBackToList';
import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Col, Divider, Empty, Form, Input, Radio, Row, Select, Space, Spin, TreeSelect } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  CATALOGUE_STATUSES,
  PERMISSIONS,
  PRODUCT_BRAND_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_IMAGES_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_SPEC_MAX,
  PRODUCT_UNIT_MAX,
  isValidGtin,
  validationMessage,
  type CatalogueStatus,
  type ProductDetail as Product,
} from '@rd/contract';
import { CATEGORIES_QUERY_KEY, PRODUCTS_QUERY_KEY, addProduct, editProduct, fetchCategoryTree, fetchProduct, fetchTemplateAttributes } from '../../api/product';
import { TEMPLATES_QUERY_KEY, fetchTemplateOptions } from '../../api/productTemplate';
import { isHttpError } from '../../api/HttpError';
import { useStore } from '../../app/state/createStore';
import { appStore } from '../../app/state/appStore';
import { useFieldRules } from '../../components/fieldRules';
import { usePermission } from '../../components/usePermission';
import { AttributeFields, attrsToForm, formToAttrs, type AttrFormValues } from './product/attributeFields';
import { fieldPath } from './fieldPath';
import { toCategoryOptions } from './product/categoryOptions';
import { ImageListInput } from './product/ImageListInput';

interface ProductFormValues {
  name: string;
  categoryId?: string | null;
  templateId?: string | null;
  gtin?: string;
  spec?: string;
  unit?: string;
  brand?: string;
  images: string[];
  description?: string;
  status: CatalogueStatus;
  attrs?: AttrFormValues;
}


/**
 * A product as a full-page form (productDetail): adding (no id), editing (?id=) or viewing
 * (?id=&mode=view). Its attribute fields are built from the chosen template's attributes.
 */
export default function ProductDetail() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const back = useBackToList('product');
  const canAdd = usePermission(PERMISSIONS.productAdd);
  const canEdit = usePermission(PERMISSIONS.productEdit);
  const detail = useQuery({ queryKey: [...PRODUCTS_QUERY_KEY, 'detail', id], queryFn: () => fetchProduct(id), enabled: id !== '' });

  if (id !== '' && (detail.isLoading || !detail.data)) {
    return (
      <DetailLoadState
        loading={detail.isLoading}
        backLabel={t('product.back')}
        notFoundLabel={t('product.notFound')}
        onBack={back}
      />
    );
  }
  const product = detail.data ?? null;
  const viewOnly = params.get('mode') === 'view' || (product ? !canEdit : !canAdd);
  // A new version of the product (after a save) starts a fresh form.
  return <ProductEditor key={product ? `${product.id}@${product.version}` : 'new'} product={product} viewOnly={viewOnly} onDone={back} />;
}

interface ProductEditorProps {
  product: Product | null;
  viewOnly: boolean;
  onDone: () => void;
}

const TOP_FIELDS = ['name', 'categoryId', 'templateId', 'gtin', 'spec', 'unit', 'brand', 'images', 'description', 'status'];

function ProductEditor({ product, viewOnly, onDone }: ProductEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lang = useStore(appStore, (s) => s.language);
  const rules = useFieldRules();
  const [form] = Form.useForm<ProductFormValues>();
  const canSeeTemplates = usePermission(PERMISSIONS.templateList);

  const categories = useQuery({ queryKey: CATEGORIES_QUERY_KEY, queryFn: fetchCategoryTree });
  const templates = useQuery({ queryKey: [...TEMPLATES_QUERY_KEY, 'options'], queryFn: () => fetchTemplateOptions(), enabled: canSeeTemplates && !viewOnly });
  // The attribute fields follow the template chosen in the form.
  const [templateId, setTemplateId] = useState<string | null>(product?.templateId ?? null);
  const attributes = useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, 'attributes', templateId],
    queryFn: () => fetchTemplateAttributes(templateId as string),
    enabled: Boolean(templateId),
    // The product's own answer already holds its template's attributes.
    initialData: product && templateId === product.templateId && product.templateId ? product.attributes : undefined,
  });
  const shownAttributes = templateId ? (attributes.data ?? []) : [];

  const initialValues = useMemo<Partial<ProductFormValues>>(
    () =>
      product
        ? {
            name: product.name,
            categoryId: product.categoryId ?? undefined,
            templateId: product.templateId ?? undefined,
            gtin: product.gtin ?? '',
            spec: product.spec,
            unit: product.unit,
            brand: product.brand,
            images: product.images,
            description: product.description,
            status: product.status,
            attrs: attrsToForm(product.attributes, product.attrs),
          }
        : { images: [], status: 'ENABLED' },
    [product],
  );

  // The product's own template stays on offer even when disabled; others only while enabled.
  const templateOptions = useMemo(() => {
    const options = (templates.data ?? [])
      .filter((o) => o.status === 'ENABLED' || o.id === product?.templateId)
      .map((o) => ({ value: o.id, label: o.status === 'ENABLED' ? o.name : `${o.name}${t('product.templateDisabled')}` }));
    if (product?.templateId && !options.some((o) => o.value === product.templateId)) {
      options.unshift({ value: product.templateId, label: product.templateName });
    }
    return options;
  }, [templates.data, product, t]);

  const save = useMutation({
    mutationFn: (values: ProductFormValues) => {
      const body = {
        name: values.name,
        categoryId: values.categoryId ?? null,
        templateId: values.templateId ?? null,
        gtin: values.gtin?.trim() ? values.gtin.trim() : null,
        spec: values.spec ?? '',
        unit: values.unit ?? '',
        brand: values.brand ?? '',
        images: values.images ?? [],
        description: values.description ?? '',
        status: values.status,
        attrs: formToAttrs(shownAttributes, values.attrs),
      };
      return product ? editProduct({ id: product.id, version: product.version, ...body }) : addProduct(body);
    },
    onSuccess: async () => {
      void message.success(t('common.operationSuccess'));
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY });
      onDone();
    },
    onError: (error) => {
      if (!isHttpError(error)) return;
      // Field errors go under their fields, attribute fields included (attrs.<key>).
      const own = error.errors.filter((e) => TOP_FIELDS.includes(e.field) || e.field.startsWith('attrs.'));
      if (own.length) form.setFields(own.map((e) => ({ name: fieldPath(e.field) as never, errors: [e.message] })));
    },
  });

  const gtinRule = {
    validator: (_: unknown, value: unknown) =>
      typeof value !== 'string' || value.trim() === '' || isValidGtin(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(validationMessage('validation.gtin', lang))),
  };

  const title = viewOnly ? t('product.viewTitle') : product ? t('product.editTitle') : t('product.addTitle');
  return (
    <Card
      title={title}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onDone} data-testid="product-detail-back">
          {t('product.back')}
        </Button>
      }
    >
      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        disabled={viewOnly}
        onValuesChange={(changed: Partial<ProductFormValues>) => {
          if ('templateId' in changed) setTemplateId(changed.templateId ?? null);
        }}
        onFinish={(values) => save.mutate(values)}
        data-testid="product-form"
      >
        <Row gutter={[24, 0]}>
          <Col xs={24} lg={12}>
            <Divider titlePlacement="start">{t('product.sections.basic')}</Divider>
            <Form.Item name="name" label={t('product.name')} rules={[rules.required(t('product.name')), rules.maxLength(PRODUCT_NAME_MAX)]}>
              <Input maxLength={PRODUCT_NAME_MAX} showCount data-testid="product-form-name" />
            </Form.Item>
            <Form.Item name="categoryId" label={t('product.category')}>
              <TreeSelect allowClear treeDefaultExpandAll treeData={toCategoryOptions(categories.data ?? [])} data-testid="product-form-category" />
            </Form.Item>
            <Form.Item name="templateId" label={t('product.template')} extra={t('product.hints.template')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('product.noTemplate')}
                options={templateOptions}
                data-testid="product-form-template"
              />
            </Form.Item>
            <Form.Item name="gtin" label={t('product.gtin')} extra={t('product.hints.gtin')} rules={[gtinRule]} validateTrigger="onBlur">
              <Input maxLength={14} inputMode="numeric" data-testid="product-form-gtin" />
            </Form.Item>
            <Row gutter={16}>
              <Col span={10}>
                <Form.Item name="spec" label={t('product.spec')} rules={[rules.maxLength(PRODUCT_SPEC_MAX)]}>
                  <Input maxLength={PRODUCT_SPEC_MAX} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="unit" label={t('product.unit')} rules={[rules.maxLength(PRODUCT_UNIT_MAX)]}>
                  <Input maxLength={PRODUCT_UNIT_MAX} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="brand" label={t('product.brand')} rules={[rules.maxLength(PRODUCT_BRAND_MAX)]}>
                  <Input maxLength={PRODUCT_BRAND_MAX} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="status" label={t('product.status')} rules={[rules.requiredChoice(t('product.status'))]}>
              <Radio.Group options={CATALOGUE_STATUSES.map((s) => ({ value: s, label: t(`product.statuses.${s}`) }))} />
            </Form.Item>

            <Divider titlePlacement="start">{t('product.sections.media')}</Divider>
            <Form.Item name="images" label={t('product.images')} extra={t('product.hints.images', { max: PRODUCT_IMAGES_MAX })}>
              <ImageListInput max={PRODUCT_IMAGES_MAX} disabled={viewOnly} />
            </Form.Item>
            <Form.Item name="description" label={t('product.description')} extra={t('product.hints.description')}>
              <Input.TextArea rows={6} maxLength={PRODUCT_DESCRIPTION_MAX} showCount data-testid="product-form-description" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Divider titlePlacement="start">{t('product.sections.attributes')}</Divider>
            {!templateId && <Alert type="info" showIcon title={t('product.chooseTemplateFirst')} />}
            {templateId && attributes.isLoading && <Spin />}
            {templateId && attributes.data?.length === 0 && <Empty description={t('product.noAttributes')} />}
            <AttributeFields attributes={shownAttributes} lang={lang} disabled={viewOnly} />
          </Col>
        </Row>
        {!viewOnly && (
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="product-form-save">
                {t('product.save')}
              </Button>
              <Button onClick={onDone}>{t('product.cancel')}</Button>
            </Space>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
