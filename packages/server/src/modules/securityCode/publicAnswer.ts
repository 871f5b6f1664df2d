import {
  scanImagePath,
  type ScanAttribute,
  type ScanBatch,
  type ScanCompany,
  type ScanGrower,
  type ScanImage,
  type ScanProduct,
} from '@rd/contract';
import type { CompanyInfoSnapshot, FarmingRecordJson, InspectionReportJson } from '../../platform/db/schema.js';

/**
 * The parts of a check's answer a consumer may see, built from database rows. Pictures get public URLs
 * bound to the scanned code (scanImagePath); the image route lets through only files these parts name
 * (see imageReferences.ts), so the two must list the same files.
 */

export const imageOf = (code: string) => (fileId: string): ScanImage => ({ fileId, url: scanImagePath(fileId, code) });

export function productAnswer(
  code: string,
  row: {
    product_name: string | null;
    gtin: string | null;
    spec: string | null;
    unit: string | null;
    brand: string | null;
    description: string | null;
    images: string[] | null;
    attributes: Array<{ key: string; label: string; labelEn: string; type: string; value: string }> | null;
  },
): ScanProduct | null {
  if (row.product_name === null) return null;
  const image = imageOf(code);
  return {
    name: row.product_name,
    gtin: row.gtin,
    spec: row.spec ?? '',
    unit: row.unit ?? '',
    brand: row.brand ?? '',
    description: row.description ?? '',
    images: (row.images ?? []).map(image),
    attributes: (row.attributes ?? []).map(
      (a): ScanAttribute => ({
        key: a.key,
        label: a.label,
        labelEn: a.labelEn,
        type: a.type as ScanAttribute['type'],
        value: a.value,
        image: a.type === 'IMAGE' && a.value ? image(a.value) : null,
      }),
    ),
  };
}

export function batchAnswer(
  code: string,
  row: {
    batch_no: string | null;
    production_date: string | null;
    expiry_date: string | null;
    harvest_date: string | null;
    origin: string | null;
    farming_records: FarmingRecordJson[] | null;
    inspection_reports: InspectionReportJson[] | null;
  },
): ScanBatch | null {
  if (row.batch_no === null) return null;
  const image = imageOf(code);
  return {
    batchNo: row.batch_no,
    productionDate: row.production_date,
    expiryDate: row.expiry_date,
    harvestDate: row.harvest_date,
    origin: row.origin ?? '',
    farmingRecords: (row.farming_records ?? []).map((r) => ({
      kind: r.kind,
      date: r.date,
      operator: r.operator,
      material: r.material,
      images: (r.images ?? []).map(image),
    })),
    inspectionReports: (row.inspection_reports ?? []).map((r) => ({ name: r.name, date: r.date, file: image(r.fileId) })),
  };
}

/** 13812345678 → 138****5678; short or odd numbers keep only their last 4 characters. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  if (/^1\d{10}$/.test(phone)) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  return phone.length <= 4 ? '*'.repeat(phone.length) : `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}

/** The grower's public fields: never the ID card, the phone masked. */
export function growerAnswer(
  code: string,
  row: {
    farmer_name: string | null;
    farmer_phone: string | null;
    region_name: string | null;
    planting_base: string | null;
    planting_area: string | null;
    varieties: string | null;
    certifications: string | null;
    farmer_photo: string | null;
  },
): ScanGrower | null {
  if (row.farmer_name === null) return null;
  return {
    name: row.farmer_name,
    phoneMasked: maskPhone(row.farmer_phone ?? ''),
    regionName: row.region_name ?? '',
    plantingBase: row.planting_base ?? '',
    plantingArea: row.planting_area,
    varieties: row.varieties ?? '',
    certifications: row.certifications ?? '',
    photo: row.farmer_photo ? imageOf(code)(row.farmer_photo) : null,
  };
}

/** The last approved company info only; a company never approved shows none. */
export function companyAnswer(code: string, approved: CompanyInfoSnapshot | null): ScanCompany | null {
  if (!approved) return null;
  const image = imageOf(code);
  return {
    fullName: approved.fullName ?? '',
    simpleName: approved.simpleName ?? '',
    licenseNumber: approved.licenseNumber ?? '',
    legalPerson: approved.legalPerson ?? '',
    registerAddress: approved.registerAddress ?? '',
    businessTerm: approved.businessTerm ?? '',
    businessScope: approved.businessScope ?? '',
    contactName: approved.contactName ?? '',
    contactPhone: approved.contactPhone ?? '',
    address: approved.address ?? '',
    website: approved.website ?? '',
    introduction: approved.introduction ?? '',
    logo: approved.logoFileId ? image(approved.logoFileId) : null,
    license: approved.licenseFileId ? image(approved.licenseFileId) : null,
  };
}
