import {
  MEDICINAL_BATCH_API,
  MEDICINAL_BATCH_FILE_API,
  MEDICINAL_PRODUCT_API,
  type MedicinalBatchAddBody,
  type MedicinalBatchDetail,
  type MedicinalBatchEditBody,
  type MedicinalBatchFileAddBody,
  type MedicinalBatchPageQuery,
  type MedicinalBatchRow,
  type MedicinalProductAddBody,
  type MedicinalProductEditBody,
  type MedicinalProductOption,
  type MedicinalProductPageQuery,
  type MedicinalProductRow,
  type PageResult,
} from '@rd/contract';
import { apiPost } from '../../api/http';

/** Query-cache prefixes: an import or an edit of either list refreshes both (batches show product facts). */
export const MEDICINAL_PRODUCTS_KEY = ['medicinalProduct'] as const;
export const MEDICINAL_BATCHES_KEY = ['medicinalBatch'] as const;

export const fetchMedicinalProductPage = (query: MedicinalProductPageQuery) =>
  apiPost<PageResult<MedicinalProductRow>>(`${MEDICINAL_PRODUCT_API}/pageList`, query, { silent: true });

export const fetchMedicinalProductOptions = () => apiPost<MedicinalProductOption[]>(`${MEDICINAL_PRODUCT_API}/list`, {}, { silent: true });

export const addMedicinalProduct = (body: MedicinalProductAddBody) => apiPost<MedicinalProductRow>(`${MEDICINAL_PRODUCT_API}/add`, body);
export const editMedicinalProduct = (body: MedicinalProductEditBody) => apiPost<MedicinalProductRow>(`${MEDICINAL_PRODUCT_API}/edit`, body);
export const deleteMedicinalProduct = (id: string) => apiPost<null>(`${MEDICINAL_PRODUCT_API}/deleteById`, { id });

export const fetchMedicinalBatchPage = (query: MedicinalBatchPageQuery) =>
  apiPost<PageResult<MedicinalBatchRow>>(`${MEDICINAL_BATCH_API}/pageList`, query, { silent: true });

export const fetchMedicinalBatch = (id: string) => apiPost<MedicinalBatchDetail>(`${MEDICINAL_BATCH_API}/listDetail`, { id }, { silent: true });
export const addMedicinalBatch = (body: MedicinalBatchAddBody) => apiPost<MedicinalBatchDetail>(`${MEDICINAL_BATCH_API}/add`, body);
export const editMedicinalBatch = (body: MedicinalBatchEditBody) => apiPost<MedicinalBatchDetail>(`${MEDICINAL_BATCH_API}/edit`, body);
export const deleteMedicinalBatch = (id: string) => apiPost<null>(`${MEDICINAL_BATCH_API}/deleteById`, { id });

export const addMedicinalBatchFile = (body: MedicinalBatchFileAddBody) => apiPost<MedicinalBatchDetail>(`${MEDICINAL_BATCH_FILE_API}/add`, body);
export const deleteMedicinalBatchFile = (id: string) => apiPost<MedicinalBatchDetail>(`${MEDICINAL_BATCH_FILE_API}/deleteById`, { id });
