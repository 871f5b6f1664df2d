import { normaliseScannedCode, SCAN_CODE_MAX, type ScanGrower } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { hiddenCodeMatches } from './hiddenCodeCheck.js';
import { growerAnswer } from './publicAnswer.js';

/**
 * The grower of a code's batch, public fields only (publicAnswer.ts). Answered only for a code in force
 * and, where its rule prints a hidden code, with the right digits; every other case — unknown code, code
 * not in force, wrong digits, no grower — answers null alike, so the call tells nothing about codes.
 */
export async function queryFarmer(db: Kysely<DB>, rawCode: string, hiddenCode: string | undefined): Promise<ScanGrower | null> {
  const code = normaliseScannedCode(rawCode).slice(0, SCAN_CODE_MAX);
  const result = await sql<{
    hidden_length: number;
    secret: Uint8Array | null;
    farmer_name: string;
    farmer_phone: string;
    region_name: string;
    planting_base: string;
    planting_area: string | null;
    varieties: string;
    certifications: string;
    farmer_photo: string | null;
  }>`
    SELECT r.hidden_length,
           CASE WHEN r.hidden_length > 0 THEN (SELECT cs.secret FROM company_secret cs WHERE cs.company_id = c.company_id) END AS secret,
           f.name AS farmer_name, f.phone AS farmer_phone, f.region_name, f.planting_base, f.planting_area::text AS planting_area,
           f.varieties, f.certifications, f.photo_file_id AS farmer_photo
    FROM code c
      JOIN tag_rule r ON r.id = c.rule_id
      JOIN product_batch b ON b.id = c.batch_id AND b.company_id = c.company_id
      JOIN farmer f ON f.id = b.farmer_id AND f.company_id = c.company_id
    WHERE c.code = ${code} AND c.status = 'ACTIVATED'`.execute(db);
  const row = result.rows[0];
  if (!row) return null;
  if (row.hidden_length > 0) {
    if (!hiddenCode || !row.secret || !hiddenCodeMatches(row.secret, code, row.hidden_length, hiddenCode.trim())) return null;
  }
  return growerAnswer(code, row);
}
