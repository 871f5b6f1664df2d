import type { ScanBatch, ScanCompany, ScanGrower, ScanProduct } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { CompanyInfoSnapshot, DB, FarmingRecordJson, InspectionReportJson } from '../../platform/db/schema.js';
import { keptByKey } from './keptReads.js';

/**
 * What a check shows besides its verdict — product with its scan-page attributes, batch, grower, approved
 * company info — is the same for every code of a batch. It is read by one query and kept in this process
 * for SCAN_ANSWER_CACHE_SECONDS (0 = read on every check), so a busy batch costs the check its one counting
 * statement and nothing more; an edit shows on scan pages within that time. Parts are kept with file ids;
 * the public image URLs are bound to each scanned code by publicAnswer.ts.
 */
export interface AnswerParts {
  product: RawProduct | null;
  batch: RawBatch | null;
  grower: RawGrower | null;
  company: CompanyInfoSnapshot | null;
}

export interface RawProduct {
  product_name: string;
  gtin: string | null;
  spec: string;
  unit: string;
  brand: string;
  description: string;
  images: string[];
  attributes: Array<{ key: string; label: string; labelEn: string; type: string; value: string }> | null;
}
export interface RawBatch {
  batch_no: string;
  production_date: string | null;
  expiry_date: string | null;
  harvest_date: string | null;
  origin: string;
  farming_records: FarmingRecordJson[];
  inspection_reports: InspectionReportJson[];
}
export interface RawGrower {
  farmer_name: string;
  farmer_phone: string;
  region_name: string;
  planting_base: string;
  planting_area: string | null;
  varieties: string;
  certifications: string;
  farmer_photo: string | null;
}

export type { ScanBatch, ScanCompany, ScanGrower, ScanProduct };

/** Entries kept at most; the oldest go first. A company has few batches on shelves at once. */
const MAX_ENTRIES = 10_000;

export interface AnswerPartsSource {
  parts(companyId: string, productId: string | null, batchId: string | null): Promise<AnswerParts>;
}

export function answerPartsSource(db: Kysely<DB>, ttlSeconds: number): AnswerPartsSource {
  const kept = keptByKey(ttlSeconds, MAX_ENTRIES, (key) => {
    const [companyId, productId, batchId] = key.split('|') as [string, string, string];
    return readParts(db, companyId, productId || null, batchId || null);
  });
  return { parts: (companyId, productId, batchId) => kept(`${companyId}|${productId ?? ''}|${batchId ?? ''}`) };
}

async function readParts(db: Kysely<DB>, companyId: string, productId: string | null, batchId: string | null): Promise<AnswerParts> {
  const result = await sql<RawProduct & RawBatch & RawGrower & { has_product: boolean; has_batch: boolean; approved: CompanyInfoSnapshot | null }>`
    SELECT p.id IS NOT NULL AS has_product, b.id IS NOT NULL AS has_batch,
           p.name AS product_name, p.gtin, p.spec, p.unit, p.brand, p.description, p.images,
           (SELECT json_agg(json_build_object('key', ta.attr_key, 'label', ta.label, 'labelEn', ta.label_en, 'type', ta.type, 'value', v.value)
                            ORDER BY ta.sort, ta.attr_key)
              FROM template_attribute ta JOIN product_attr_value v ON v.product_id = p.id AND v.attr_key = ta.attr_key
             WHERE ta.template_id = p.template_id AND ta.show_on_scan AND v.value <> '') AS attributes,
           b.batch_no, b.production_date, b.expiry_date, b.harvest_date, b.origin, b.farming_records, b.inspection_reports,
           f.name AS farmer_name, f.phone AS farmer_phone, f.region_name, f.planting_base, f.planting_area::text AS planting_area,
           f.varieties, f.certifications, f.photo_file_id AS farmer_photo,
           ci.approved
    FROM (SELECT 1) AS one
      LEFT JOIN product p ON p.id = ${productId}::uuid AND p.company_id = ${companyId}::uuid
      LEFT JOIN product_batch b ON b.id = ${batchId}::uuid AND b.company_id = ${companyId}::uuid
      LEFT JOIN farmer f ON f.id = b.farmer_id AND f.company_id = ${companyId}::uuid
      LEFT JOIN company_info ci ON ci.company_id = ${companyId}::uuid`.execute(db);
  const row = result.rows[0];
  if (!row) return { product: null, batch: null, grower: null, company: null };
  return {
    product: row.has_product ? row : null,
    batch: row.has_batch ? row : null,
    grower: row.farmer_name !== null ? row : null,
    company: row.approved ?? null,
  };
}
