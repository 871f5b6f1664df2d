import { z } from 'zod';

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 1000;
/** Page-size options of the web tables (spec 9). */
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100] as const;
export const PAGER_COUNT = 7;

/**
 * The paging part of every list query (spec 7.9): pageNum 0 becomes 1, pageSize capped.
 * orderName is checked against a per-list allow-list by the server (see `orderBy` there).
 */
export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(0).default(1).transform((n) => (n === 0 ? 1 : n)),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  orderName: z.string().max(64).optional(),
  orderType: z.enum(['asc', 'desc']).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface PageResult<T> {
  total: number;
  list: T[];
  pageNum: number;
  pageSize: number;
}

export function pageResultSchema<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number(), list: z.array(item), pageNum: z.number(), pageSize: z.number() });
}
