import type { ScanClientTypeValue, ScanVerdictValue } from '@rd/contract';
import { createHash } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../../platform/db/schema.js';

/**
 * What the check knows of the hidden code before the statement runs:
 * - NONE: none was given (a rule with a hidden code answers SECURITY_CODE_MISMATCH, recorded);
 * - GIVEN: one was given but the company's secret is not known yet: a rule with a hidden code writes
 *   nothing and answers the secret, so the caller can verify and run the statement again;
 * - MATCHED / MISMATCHED: verified by the caller.
 * A rule without a hidden code ignores all this.
 */
export type HiddenState = 'NONE' | 'GIVEN' | 'MATCHED' | 'MISMATCHED';

export interface CheckInput {
  /** Trimmed, upper case, at most SCAN_CODE_MAX. */
  code: string;
  hidden: HiddenState;
  ip: string;
  country: string;
  province: string;
  city: string;
  isp: string;
  areaCode: string;
  /** The unit of the "several provinces" rule: the area code, or the country abroad, or '' when unknown. */
  regionKey: string;
  clientType: ScanClientTypeValue;
  os: string;
  userAgent: string;
  latitude: number | null;
  longitude: number | null;
  /** One-time secret stored on the scan record (scanCodeRecord/add). */
  attachToken: string;
  suspiciousWindowSeconds: number;
  suspiciousProvinces: number;
}

export interface CheckRow {
  code_id: string | null;
  company_id: string | null;
  status: 'NOT_ACTIVATED' | 'ACTIVATED' | 'VOIDED' | null;
  product_id: string | null;
  batch_id: string | null;
  hidden_length: number | null;
  repeat_threshold: number | null;
  secret: Uint8Array | null;
  record_id: string | null;
  verdict: ScanVerdictValue | null;
  scan_count: number | null;
  first_scan_at: Date | null;
  first_country: string | null;
  first_province: string | null;
  first_city: string | null;
  suspicious: boolean | null;
}

/**
 * The whole consumer check in ONE statement (one round trip, one implicit transaction): find the code,
 * count the scan with INSERT … ON CONFLICT (code_id) DO UPDATE … RETURNING (the row lock serialises
 * simultaneous checks of one code, so they get counts 1, 2, 3 …) and write the scan record with the
 * verdict and the count. Failures are recorded by the same statement: an unknown code is a scan record
 * without a code id. What the answer shows of the product, batch, grower and company is read apart
 * (answerParts.ts), shared by every code of a batch.
 *
 * Suspicious: the count passes the rule's repeat threshold, or the code has been scanned from
 * `suspiciousProvinces` regions (area codes; countries abroad) within a window that starts with the first
 * scan after the previous window ended. Once suspicious, a code stays suspicious.
 */
export async function runCheckStatement(
  db: Kysely<DB>,
  pool: pg.Pool | null,
  input: CheckInput,
  options: { simulate?: { companyId: string | null } } = {},
): Promise<CheckRow> {
  const statement = preparedStatement(db, options);
  const values = statement.sources.map((source) =>
    typeof source === 'string' ? (source === 'companyId' ? options.simulate?.companyId : input[source]) : source.value,
  );
  if (!pool) return (await db.executeQuery<CheckRow>(CompiledQuery.raw(statement.text, values))).rows[0] as CheckRow;
  // On PostgreSQL the statement is prepared once per connection: planning this CTE costs more than running it.
  const result = await pool.query<CheckRow>({ name: statement.name, text: statement.text, values });
  return result.rows[0] as CheckRow;
}

/**
 * The statement's text and where each of its parameters comes from, compiled once per mode (check,
 * simulation, simulation within a company): a check then only fills in an array. Found by compiling the
 * statement with marker values in place of the input and reading where the markers landed.
 */
interface PreparedCheck {
  name: string;
  text: string;
  sources: Array<keyof CheckInput | 'companyId' | { value: unknown }>;
}

const MARK = '\u0000check-input:';
const prepared = new Map<string, PreparedCheck>();

function preparedStatement(db: Kysely<DB>, options: { simulate?: { companyId: string | null } }): PreparedCheck {
  const mode = options.simulate ? (options.simulate.companyId ? 'simulate-company' : 'simulate') : 'check';
  let statement = prepared.get(mode);
  if (!statement) {
    const marked = new Proxy({} as CheckInput, { get: (_target, key) => `${MARK}${String(key)}` });
    const simulate = options.simulate ? { companyId: options.simulate.companyId ? `${MARK}companyId` : null } : undefined;
    const compiled = checkStatement(marked, { simulate }).compile(db);
    statement = {
      name: `scan_check_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 12)}`,
      text: compiled.sql,
      sources: compiled.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(MARK) ? (value.slice(MARK.length) as keyof CheckInput | 'companyId') : { value },
      ),
    };
    prepared.set(mode, statement);
  }
  return statement;
}

export function checkStatement(input: CheckInput, options: { simulate?: { companyId: string | null } } = {}) {
  const simulate = options.simulate;
  // one text whatever the region, so the prepared statement is reused
  const region = sql`CASE WHEN ${input.regionKey}::text = '' THEN '{}'::text[] ELSE ARRAY[${input.regionKey}::text] END`;
  const windowStart = sql`now() - ${input.suspiciousWindowSeconds}::int * interval '1 second'`;
  // the regions of the window after this scan, from the row before it (s) and this scan (EXCLUDED)
  const regionsAfter = sql`CASE WHEN s.recent_since > ${windowStart}
      THEN (CASE WHEN EXCLUDED.recent_provinces <@ s.recent_provinces THEN s.recent_provinces ELSE s.recent_provinces || EXCLUDED.recent_provinces END)
      ELSE EXCLUDED.recent_provinces END`;
  const counts = sql`c.status = 'ACTIVATED' AND (c.hidden_length = 0 OR ${input.hidden} = 'MATCHED')`;
  const counted = sql`
      INSERT INTO code_scan AS s (code_id, company_id, scan_count, first_scan_at, first_country, first_province, first_city,
                                  last_scan_at, last_province, recent_provinces, recent_since, suspicious)
      SELECT c.id, c.company_id, 1, now(), ${input.country}, ${input.province}, ${input.city},
             now(), ${input.province}, ${region}, now(), 1 > c.repeat_threshold
      FROM c WHERE ${counts}
      ON CONFLICT (code_id) DO UPDATE SET
        scan_count = s.scan_count + 1,
        last_scan_at = now(),
        last_province = EXCLUDED.last_province,
        recent_since = CASE WHEN s.recent_since > ${windowStart} THEN s.recent_since ELSE now() END,
        recent_provinces = ${regionsAfter},
        suspicious = s.suspicious
          OR s.scan_count + 1 > (SELECT repeat_threshold FROM c)
          OR cardinality(${regionsAfter}) >= ${input.suspiciousProvinces}
      RETURNING scan_count, first_scan_at, first_country, first_province, first_city, suspicious
    `;
  // the staff simulator counts nothing: the count a consumer check would reach now, from the counter as it is
  const simulatedCount = sql`
      SELECT coalesce(s.scan_count, 0) + 1 AS scan_count, coalesce(s.first_scan_at, now()) AS first_scan_at,
             coalesce(s.first_country, ${input.country}) AS first_country, coalesce(s.first_province, ${input.province}) AS first_province,
             coalesce(s.first_city, ${input.city}) AS first_city,
             coalesce(s.suspicious, false) OR coalesce(s.scan_count, 0) + 1 > c.repeat_threshold AS suspicious
      FROM c LEFT JOIN code_scan s ON s.code_id = c.id
      WHERE ${counts}`;
  const companyFilter = simulate?.companyId ? sql`AND c.company_id = ${simulate.companyId}` : sql``;
  return sql<CheckRow>`
    WITH c AS (
      SELECT c.id, c.code, c.company_id, c.status, c.product_id, c.batch_id, r.hidden_length, r.repeat_threshold
      FROM code c JOIN tag_rule r ON r.id = c.rule_id
      WHERE c.code = ${input.code} ${companyFilter}
    ),
    counted AS (${simulate ? simulatedCount : counted}),
    rec AS (
      INSERT INTO scan_record (company_id, code_id, code_text, product_id, batch_id, source, verdict, scan_seq, suspicious,
                               ip, country, province, city, isp, area_code, client_type, os, user_agent, latitude, longitude, attach_token)
      SELECT c.company_id, c.id, coalesce(c.code, ${input.code}), c.product_id, c.batch_id, ${simulate ? 'TEST' : 'CHECK'},
             CASE
               WHEN c.id IS NULL THEN 'NOT_FOUND'
               WHEN c.hidden_length > 0 AND ${input.hidden} <> 'MATCHED' THEN 'SECURITY_CODE_MISMATCH'
               WHEN c.status = 'NOT_ACTIVATED' THEN 'NOT_ACTIVATED'
               WHEN c.status = 'VOIDED' THEN 'VOIDED'
               WHEN counted.scan_count = 1 THEN 'GENUINE'
               ELSE 'REPEATED'
             END,
             ${simulate ? null : sql`counted.scan_count`}::int, coalesce(counted.suspicious, false),
             ${input.ip}, ${input.country}, ${input.province}, ${input.city}, ${input.isp}, ${input.areaCode},
             ${input.clientType}, ${input.os}, ${input.userAgent}, ${input.latitude}::double precision, ${input.longitude}::double precision,
             ${input.attachToken}
      FROM (SELECT 1) AS one LEFT JOIN c ON true LEFT JOIN counted ON true
      WHERE NOT (coalesce(c.hidden_length, 0) > 0 AND ${input.hidden} = 'GIVEN')
      RETURNING id, verdict
    )
    SELECT c.id AS code_id, c.company_id, c.status, c.product_id, c.batch_id, c.hidden_length, c.repeat_threshold,
           CASE WHEN c.hidden_length > 0 AND ${input.hidden} = 'GIVEN'
             THEN (SELECT cs.secret FROM company_secret cs WHERE cs.company_id = c.company_id) END AS secret,
           rec.id AS record_id, rec.verdict,
           counted.scan_count, counted.first_scan_at, counted.first_country, counted.first_province, counted.first_city, counted.suspicious
    FROM (SELECT 1) AS one
      LEFT JOIN c ON true
      LEFT JOIN counted ON true
      LEFT JOIN rec ON true`;
}
