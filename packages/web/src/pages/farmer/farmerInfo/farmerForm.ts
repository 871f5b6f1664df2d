import type { CatalogueStatus, FarmerAddBody, FarmerDetail } from '@rd/contract';

/** The grower dialog's form: the area as the number control holds it, products as chosen ids. */
export interface FarmerFormValues {
  name?: string;
  phone?: string;
  idCard?: string;
  regionCode?: string;
  regionName?: string;
  address?: string;
  plantingBase?: string;
  plantingArea?: number | null;
  varieties?: string;
  certifications?: string;
  photoFileId?: string;
  remark?: string;
  status?: CatalogueStatus;
  productIds?: string[];
}

export const NEW_FARMER: FarmerFormValues = { status: 'ENABLED', productIds: [] };

export function farmerToForm(farmer: FarmerDetail): FarmerFormValues {
  return {
    name: farmer.name,
    phone: farmer.phone,
    idCard: farmer.idCard,
    regionCode: farmer.regionCode,
    regionName: farmer.regionName,
    address: farmer.address,
    plantingBase: farmer.plantingBase,
    plantingArea: farmer.plantingArea === null ? null : Number(farmer.plantingArea),
    varieties: farmer.varieties,
    certifications: farmer.certifications,
    photoFileId: farmer.photoFileId ?? undefined,
    remark: farmer.remark,
    status: farmer.status,
    productIds: farmer.products.map((p) => p.id),
  };
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** The form's values as the API takes them; blanks are '' (or null for the area and the photo). */
export function formToFarmerBody(values: FarmerFormValues): FarmerAddBody {
  return {
    name: trimmed(values.name),
    phone: trimmed(values.phone),
    idCard: trimmed(values.idCard).toUpperCase(),
    regionCode: trimmed(values.regionCode),
    regionName: trimmed(values.regionName),
    address: trimmed(values.address),
    plantingBase: trimmed(values.plantingBase),
    plantingArea: values.plantingArea ?? null,
    varieties: trimmed(values.varieties),
    certifications: trimmed(values.certifications),
    photoFileId: values.photoFileId ?? null,
    remark: trimmed(values.remark),
    status: values.status ?? 'ENABLED',
    productIds: values.productIds ?? [],
  };
}
