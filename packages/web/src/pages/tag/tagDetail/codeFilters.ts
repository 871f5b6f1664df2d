import type { Dayjs } from 'dayjs';
import type { CodeFilters } from '../../../api/code';
import { DATETIME_FORMAT } from '../../../utils/format';

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
    beginTime: range?.[0]?.format(DATETIME_FORMAT),
    endTime: range?.[1]?.format(DATETIME_FORMAT),
  };
}

/** The filters as query parameters of the export: only what is set. */
export function exportParams(filters: CodeFilters): CodeFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '')) as CodeFilters;
}
