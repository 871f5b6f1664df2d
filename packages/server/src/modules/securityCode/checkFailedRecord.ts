import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { CheckInput } from './checkStatement.js';

/**
 * The scan record of a typing mistake (CHECK_FAILED): decided from the text alone, so no code is looked up
 * and nothing is counted. It belongs to the company whose rules alone the text fits in shape (its labels were
 * mistyped), or to none. Returns the record's id.
 */
export async function writeCheckFailedRecord(
  db: Kysely<DB>,
  input: CheckInput,
  companyId: string | null,
  options: { simulate?: unknown },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO scan_record (company_id, code_text, source, verdict, ip, country, province, city, isp, area_code,
                             client_type, os, user_agent, latitude, longitude, attach_token, scanned_at)
    VALUES (${companyId}::uuid, ${input.codeText}, ${options.simulate ? 'TEST' : 'CHECK'}, 'CHECK_FAILED', ${input.ip},
            ${input.country}, ${input.province}, ${input.city}, ${input.isp}, ${input.areaCode}, ${input.clientType},
            ${input.os}, ${input.userAgent}, ${input.latitude}::double precision, ${input.longitude}::double precision,
            ${input.attachToken}, coalesce(${input.at}::timestamptz, now()))
    RETURNING id::text`.execute(db);
  return (rows[0] as { id: string }).id;
}
