import dayjs, { type Dayjs } from 'dayjs';
import type { BatchAddBody, BatchDetail, FarmingKind } from '@rd/contract';
import { DATE_FORMAT } from '../../../utils/format';

export interface FarmingRecordRow {
  kind: FarmingKind;
  date?: Dayjs | null;
  operator?: string;
  material?: string;
  images?: string[];
}

export interface InspectionReportRow {
  name?: string;
  fileId?: string;
  date?: Dayjs | null;
}

/** The batch drawer's form: dates as day pickers' values, lists as editable rows. */
export interface BatchFormValues {
  productId?: string;
  batchNo?: string;
  productionDate?: Dayjs | null;
  expiryDate?: Dayjs | null;
  quantity?: number | null;
  farmerId?: string | null;
  origin?: string;
  harvestDate?: Dayjs | null;
  remark?: string;
  farmingRecords?: FarmingRecordRow[];
  inspectionReports?: InspectionReportRow[];
}

const day = (text: string | null | undefined) => (text ? dayjs(text, DATE_FORMAT) : null);
const text = (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMAT) : null);

export function batchToForm(batch: BatchDetail): BatchFormValues {
  return {
    productId: batch.productId,
    batchNo: batch.batchNo,
    productionDate: day(batch.productionDate),
    expiryDate: day(batch.expiryDate),
    quantity: batch.quantity,
    farmerId: batch.farmerId,
    origin: batch.origin,
    harvestDate: day(batch.harvestDate),
    remark: batch.remark,
    farmingRecords: batch.farmingRecords.map((r) => ({ ...r, date: day(r.date) })),
    inspectionReports: batch.inspectionReports.map((r) => ({ ...r, date: day(r.date) })),
  };
}

/** The form's values as the API takes them. */
export function formToBatchBody(values: BatchFormValues): BatchAddBody {
  return {
    productId: values.productId ?? '',
    batchNo: (values.batchNo ?? '').trim(),
    productionDate: text(values.productionDate),
    expiryDate: text(values.expiryDate),
    quantity: values.quantity ?? 0,
    farmerId: values.farmerId ?? null,
    origin: values.origin ?? '',
    harvestDate: text(values.harvestDate),
    remark: values.remark ?? '',
    farmingRecords: (values.farmingRecords ?? []).map((r) => ({
      kind: r.kind,
      date: text(r.date) ?? '',
      operator: r.operator ?? '',
      material: r.material ?? '',
      images: r.images ?? [],
    })),
    inspectionReports: (values.inspectionReports ?? []).map((r) => ({ name: r.name ?? '', fileId: r.fileId ?? '', date: text(r.date) })),
  };
}
