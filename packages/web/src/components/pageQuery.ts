import type { SorterResult } from 'antd/es/table/interface';
import { PAGE_SIZE_DEFAULT } from '@rd/contract';
import type { PageParams } from '../api/admin';

export interface PageState {
  pageNum: number;
  pageSize: number;
}

export const FIRST_PAGE: PageState = { pageNum: 1, pageSize: PAGE_SIZE_DEFAULT };

export type Order = Pick<PageParams, 'orderName' | 'orderType'>;

/** antd's sorter → orderName/orderType; no order when the column's sort was cleared. */
export function sorterToOrder<Row>(sorter: SorterResult<Row> | SorterResult<Row>[]): Order {
  const first = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!first?.order) return {};
  const name = first.columnKey ?? (Array.isArray(first.field) ? first.field.join('.') : first.field);
  if (name === undefined || name === null) return {};
  return { orderName: String(name), orderType: first.order === 'ascend' ? 'asc' : 'desc' };
}

/** Filters + page + order as sent; empty filter values are left out rather than sent as ''. */
export function buildPageQuery<F extends object>(filters: F, page: PageState, order: Order): F & PageParams {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    query[key] = typeof value === 'string' ? value.trim() : value;
  }
  return { ...(query as F), pageNum: page.pageNum, pageSize: page.pageSize, ...order };
}
