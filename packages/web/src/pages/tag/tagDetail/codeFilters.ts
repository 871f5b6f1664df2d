import type { Dayjs } from 'dayjs';
import type { CodeFilters } from '../../../api/code';
import { timeFilter } from '../../../utils/format';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The search form's values → list filters: the time range becomes beginTime/endTime. */
export function codeFilters(values: Record<string, unknown>): CodeFilters {
  const range = values.range as [Dayjs | null, Dayjs | null] | null | undefined;
  const code = text(values.code);
  return {
    ruleId: text(values.ruleId),
    recordId: text(values.recordId),
    status: values.status as CodeFilters['status'],
    productId: text(values.productId),
    batchId: text(values.batchId),
    boxCode: text(values.boxCode),
    code,
    codeMatch: code ? (values.codeMatch as CodeFilters['codeMatch']) : undefined,
    beginTime: timeFilter(range?.[0]),
    endTime: timeFilter(range?.[1]),
  };
}

/** The filters as query parameters of the export: only what is set. */
export function exportParams(filters: CodeFilters): CodeFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as CodeFilters;
}
