import type { PageQuery, PageResult } from '@rd/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import { AppError } from './http/appError.js';

/**
 * How a list may be sorted: the names a client may send in `orderName`, each mapped to a column
 * constant (never the client's text), the default, and a unique tie-breaker so pages never overlap.
 */
export interface SortSpec {
  columns: Record<string, string>;
  defaultName: string;
  defaultType: 'asc' | 'desc';
  tieBreaker: string;
}

export function orderColumn(sort: SortSpec, orderName: string | undefined): string {
  const name = orderName || sort.defaultName;
  const column = Object.hasOwn(sort.columns, name) ? sort.columns[name] : undefined;
  if (!column) {
    throw new AppError('PARAM_CHECK', undefined, [
      { field: 'orderName', message: `${name} ∉ {${Object.keys(sort.columns).join(', ')}}` },
    ]);
  }
  return column;
}

/** Runs a filtered query as one page plus its total (spec 7.9). */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageQuery,
  sort: SortSpec,
): Promise<PageResult<O>> {
  const column = orderColumn(sort, page.orderName);
  const direction = page.orderType ?? sort.defaultType;
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  const list = await query
    .orderBy(sql.ref(column), direction)
    .orderBy(sql.ref(sort.tieBreaker), direction)
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize)
    .execute();
  return { total: Number((counted as { total: number }).total), list, pageNum: page.pageNum, pageSize: page.pageSize };
}
