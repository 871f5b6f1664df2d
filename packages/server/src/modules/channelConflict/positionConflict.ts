import { provinceByCode } from '@rd/contract';
import { cityOf, placeInAreas } from '@rd/contract/areas';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { placeOfPosition } from '../../platform/geo/positionPlace.js';

/** The check's scan record a position was attached to. */
export interface PlacedRecord {
  id: string;
  companyId: string | null;
  codeId: string | null;
  verdict: string | null;
  scannedAt: Date;
  ip: string;
}

/**
 * Judges a genuine scan of a shipped item again by the position the consumer let the page send: the
 * alert its check wrote from the IP place (if any) is dropped, and one placed by the position is written
 * when the position is outside the receiving dealer's sales area. A position outside China, or of a code
 * not at a dealer, changes nothing. Runs in the attaching transaction, after the record was placed.
 */
export async function judgeByPosition(db: Kysely<DB>, record: PlacedRecord, latitude: number, longitude: number): Promise<void> {
  if (!record.codeId || !record.companyId || (record.verdict !== 'GENUINE' && record.verdict !== 'REPEATED')) return;
  const place = placeOfPosition(latitude, longitude);
  if (!place) return;
  const shipped = await db
    .selectFrom('code_shipment as cs')
    .innerJoin('dealer as d', 'd.id', 'cs.dealer_id')
    .innerJoin('code as c', 'c.id', 'cs.code_id')
    .select(['cs.dealer_id', 'cs.shipment_id', 'd.area_codes', 'c.product_id', 'c.batch_id'])
    .where('cs.code_id', '=', record.codeId)
    .executeTakeFirst();
  if (!shipped) return;
  await db.deleteFrom('channel_conflict').where('scan_record_id', '=', record.id).where('company_id', '=', record.companyId).execute();
  if (placeInAreas(shipped.area_codes, place.provinceCode, place.cityCode)) return;
  await db
    .insertInto('channel_conflict')
    .values({
      company_id: record.companyId,
      scan_record_id: record.id,
      scanned_at: record.scannedAt,
      code_id: record.codeId,
      product_id: shipped.product_id,
      batch_id: shipped.batch_id,
      dealer_id: shipped.dealer_id,
      shipment_id: shipped.shipment_id,
      dealer_area_codes: shipped.area_codes,
      scan_area_code: place.provinceCode,
      scan_city_code: place.cityCode,
      province: provinceByCode(place.provinceCode)?.name ?? '',
      city: place.cityCode ? (cityOf(place.cityCode)?.name ?? '') : '',
      ip: record.ip,
      located_by: 'POSITION',
    })
    .execute();
}
