import { useState } from 'react';
import { Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, USER_TYPE } from '@rd/contract';
import { PRODUCTS_QUERY_KEY, fetchProductOptions } from '../api/product';
import { BATCHES_QUERY_KEY, fetchBatchOptions } from '../api/productBatch';
import { useStore } from '../app/state/createStore';
import { sessionStore } from '../app/state/sessionStore';
import { usePermission } from './usePermission';

/**
 * The product and batch selects of a search form (fields `productId`, `batchId`): the batches are those of
 * the chosen product. Products and batches are a company's own lists, so only a company's users with the
 * lists' permissions get the selects.
 */
export function ProductBatchFields({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  const [productId, setProductId] = useState<string | undefined>();
  const companyUser = useStore(sessionStore, (s) => s.user?.userType === USER_TYPE.ENTERPRISE);
  const canSeeProducts = usePermission(PERMISSIONS.productList) && companyUser;
  const canSeeBatches = usePermission(PERMISSIONS.batchList) && companyUser;
  const products = useQuery({ queryKey: [...PRODUCTS_QUERY_KEY, 'options'], queryFn: () => fetchProductOptions(), enabled: canSeeProducts });
  const batches = useQuery({
    queryKey: [...BATCHES_QUERY_KEY, 'options', productId],
    queryFn: () => fetchBatchOptions({ productId }),
    enabled: canSeeBatches && productId !== undefined,
  });
  return (
    <>
      {canSeeProducts && (
        <Form.Item name="productId" label={t('statistics.record.product')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 160 }}
            placeholder={t('common.all')}
            options={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(v: string | undefined) => setProductId(v)}
            data-testid={`${testIdPrefix}-product`}
          />
        </Form.Item>
      )}
      {canSeeBatches && (
        <Form.Item name="batchId" label={t('statistics.record.batch')}>
          <Select
            allowClear
            style={{ width: 140 }}
            disabled={!productId}
            placeholder={t('common.all')}
            options={(batches.data ?? []).map((b) => ({ value: b.id, label: b.batchNo }))}
            data-testid={`${testIdPrefix}-batch`}
          />
        </Form.Item>
      )}
    </>
  );
}
