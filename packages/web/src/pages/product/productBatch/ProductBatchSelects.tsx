import { Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@rd/contract';
import { PRODUCTS_QUERY_KEY, fetchProductOptions } from '../../../api/product';
import { BATCHES_QUERY_KEY, fetchBatchOptions } from '../../../api/productBatch';
import { usePermission } from '../../../components/usePermission';

/**
 * Optional product and batch selects for a form that ties something to a product batch (code
 * generation): Form.Items named productId and batchId. Choosing another product clears the batch; the
 * batches offered are the chosen product's. Without the list permissions the selects are not offered.
 */
export function ProductBatchSelects({ width = 200 }: { width?: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const productId = Form.useWatch<string | undefined>('productId', form);
  const canSeeProducts = usePermission(PERMISSIONS.productList);
  const canSeeBatches = usePermission(PERMISSIONS.batchList);
  const products = useQuery({
    queryKey: [...PRODUCTS_QUERY_KEY, 'options', 'ENABLED'],
    queryFn: () => fetchProductOptions({ status: 'ENABLED' }),
    enabled: canSeeProducts,
  });
  const batches = useQuery({
    queryKey: [...BATCHES_QUERY_KEY, 'options', productId],
    queryFn: () => fetchBatchOptions({ productId }),
    enabled: canSeeBatches && Boolean(productId),
  });
  if (!canSeeProducts) return null;
  return (
    <>
      <Form.Item name="productId" label={t('productBatch.product')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width }}
          placeholder={t('productBatch.optional')}
          loading={products.isFetching}
          options={(products.data ?? []).map((p) => ({ value: p.id, label: p.gtin ? `${p.name}（${p.gtin}）` : p.name }))}
          onChange={() => form.setFieldValue('batchId', undefined)}
          data-testid="select-product"
        />
      </Form.Item>
      {canSeeBatches && (
        <Form.Item name="batchId" label={t('productBatch.batchNo')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width }}
            disabled={!productId}
            placeholder={t('productBatch.optional')}
            loading={batches.isFetching}
            options={(batches.data ?? []).map((b) => ({ value: b.id, label: b.batchNo }))}
            data-testid="select-batch"
          />
        </Form.Item>
      )}
    </>
  );
}
