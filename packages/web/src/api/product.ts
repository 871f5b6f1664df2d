import type {
  CategoryAddBody,
  CategoryEditBody,
  CategoryNode,
  PageResult,
  ProductAddBody,
  ProductDetail,
  ProductEditBody,
  ProductListQuery,
  ProductOption,
  ProductPageQuery,
  ProductRow,
  TemplateAttribute,
} from '@rd/contract';
import { apiGet, apiPost } from './http';

const BASE = '/acc/api/product';

/** Query-cache prefix of products: a save or delete refreshes lists, selects and details alike. */
export const PRODUCTS_QUERY_KEY = ['product'] as const;
export const CATEGORIES_QUERY_KEY = ['productCategory'] as const;

export function fetchProductPage(query: ProductPageQuery): Promise<PageResult<ProductRow>> {
  return apiPost<PageResult<ProductRow>>(`${BASE}/pageList`, query, { silent: true });
}

/** Products for a select (id, name, GTIN, status, template). */
export function fetchProductOptions(query: ProductListQuery = {}): Promise<ProductOption[]> {
  return apiPost<ProductOption[]>(`${BASE}/list`, query, { silent: true });
}

export function fetchProduct(id: string): Promise<ProductDetail> {
  return apiGet<ProductDetail>(`${BASE}/getById`, { id }, { silent: true });
}

export function addProduct(body: ProductAddBody): Promise<ProductDetail> {
  return apiPost<ProductDetail>(`${BASE}/add`, body);
}

export function editProduct(body: ProductEditBody): Promise<ProductDetail> {
  return apiPost<ProductDetail>(`${BASE}/edit`, body);
}

export function deleteProduct(id: string): Promise<null> {
  return apiPost<null>(`${BASE}/deleteById`, { id });
}

/** The attribute definitions of a template, in order: the fields of the product form. */
export function fetchTemplateAttributes(templateId: string): Promise<TemplateAttribute[]> {
  return apiPost<TemplateAttribute[]>('/acc/api/productAttr/list', { templateId }, { silent: true });
}

export function fetchCategoryTree(): Promise<CategoryNode[]> {
  return apiPost<CategoryNode[]>('/acc/api/productCategory/list', {}, { silent: true });
}

export function addCategory(body: CategoryAddBody): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/acc/api/productCategory/add', body);
}

export function editCategory(body: CategoryEditBody): Promise<{ id: string }> {
  return apiPost<{ id: string }>('/acc/api/productCategory/edit', body);
}

export function deleteCategory(id: string): Promise<null> {
  return apiPost<null>('/acc/api/productCategory/deleteById', { id });
}
