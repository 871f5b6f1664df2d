import { useQuery } from '@tanstack/react-query';
import { PERMISSIONS } from '@rd/contract';
import { fetchBatchOptions, fetchProductOptions, fetchRuleOptions } from '../../../api/code';
import { usePermission } from '../../../components/usePermission';

/**
 * Options of the search form's rule, product and batch selects, each asked only of users who may read
 * that list (the others filter by what they can see: status, code and time).
 */
export function useCodeFilterOptions(productId: string | undefined) {
  const mayReadRules = usePermission(PERMISSIONS.ruleList);
  const mayReadProducts = usePermission(PERMISSIONS.productList);
  const mayReadBatches = usePermission(PERMISSIONS.batchList);
  const rules = useQuery({ queryKey: ['tagDetail', 'ruleOptions'], queryFn: fetchRuleOptions, enabled: mayReadRules });
  const products = useQuery({ queryKey: ['tagDetail', 'productOptions'], queryFn: fetchProductOptions, enabled: mayReadProducts });
  const batches = useQuery({
    queryKey: ['tagDetail', 'batchOptions', productId ?? ''],
    queryFn: () => fetchBatchOptions(productId),
    enabled: mayReadBatches,
  });
  return {
    rules: (rules.data ?? []).map((r) => ({ value: r.id, label: r.ruleName })),
    products: (products.data ?? []).map((p) => ({ value: p.id, label: p.gtin ? `${p.name} (${p.gtin})` : p.name })),
    batches: (batches.data ?? []).map((b) => ({ value: b.id, label: b.batchNo })),
  };
}
