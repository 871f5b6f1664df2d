import type { ScanClientTypeValue, ScanVerdictValue } from '@rd/contract';
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DB } from '../../platform/db/schema.js';
import { namedQuery } from '../../platform/db/pglitePrepared.js';

/**
 * What the check knows of the hidden code when the statement runs:
 * - NONE: none was given (a rule with a hidden code answers SECURITY_CODE_MISMATCH, recorded);
 * - MATCHED / MISMATCHED: one was given and verified by the caller against the company's secret
 *   (hiddenCodeLookup.ts).
 * A rule without a hidden code ignores all this.
 */
export type HiddenState = 'NONE' | 'MATCHED' | 'MISMATCHED';

export interface CheckInput {
  /** The code as its shape reads it (tag/typedCode.ts), looked up exactly. */
  code: string;
  /** What was typed or scanned (trimmed, at most SCAN_CODE_MAX), kept on the scan record. */
  codeText: string;
  /** The companies with an active recall, as an array literal ('{}' for none): only their codes are looked up in recall_code. */
  recallCompanies: string;
  hidden: HiddenState;
  ip: string;
  country: string;
  province: string;
  city: string;
  isp: string;
  areaCode: string;
  /** The city's area code when the IP database names a city of the area table, else ''. */
  cityCode: string;
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
  /**
   * When the check happened, as ISO 8601; null (every consumer check) is the database's now(). Set only by code
   * of the server itself: the demo season's scans of past days (seed/demoScans.ts).
   */
  at: string | null;
}

/** What the statement answers; the code's fields are null when it is unknown. */
export interface CheckRow {
  company_id: string | null;
  product_id: string | null;
  batch_id: string | null;
  hidden_length: number | null;
  repeat_threshold: number | null;
  record_id: string;
  verdict: ScanVerdictValue;
  scan_count: number | null;
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString writes it */
  first_scan_at: string | null;
  first_country: string | null;
  first_province: string | null;
  first_city: string | null;
  suspicious: boolean;
  /** The active recall the code is in, or null. */
  recall_id: string | null;
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
 * scan after the previous window ended. The count only grows, so that part is worked out from the count
 * as each scan is recorded; code_scan.suspicious keeps the regions part, which must outlive its window:
 * once suspicious, a code stays suspicious.
 *
 * Recall: a code of a company with an active recall is looked up in recall_code (only then: see
 * activeRecalls.ts); the recall is written on the scan record and answered. (An expired batch is told from the
 * answer parts, which hold its expiry date: checkCode.ts.)
 *
 * Channel conflict: a genuine scan of an item at a dealer (code_shipment), from a known province outside the
 * dealer's sales area (neither the province nor the city listed), adds a channel_conflict row in the same
 * statement; the verdict is not changed. The simulator records none.
 *
 * It is the busiest statement of the server, so it is kept lean: it touches only the tables it must
 * (the company's secret is read apart, only when a hidden code is given), sends each input once, and
 * answers one JSON array rather than a row of columns, which costs the driver far less to take apart.
 * The recall lookup and the channel-conflict part are left out of the text when they cannot apply
 * (partsNeeded): every table a statement names is locked and opened on each run, used or not.
 */
export async function runCheckStatement(
  db: Kysely<DB>,
  pool: pg.Pool | null,
  input: CheckInput,
  options: { simulate?: { companyId: string | null } } = {},
): Promise<CheckRow> {
  const statement = preparedStatement(db, options, partsNeeded(input, options));
  const values = statement.sources.map((source) =>
    typeof source === 'string' ? (source === 'companyId' ? options.simulate?.companyId : input[source]) : source.value,
  );
  // The statement is prepared once per connection: planning this CTE costs more than running it.
  if (!pool) return checkRowOf((await db.executeQuery<Answered>(namedQuery(statement.name, statement.text, values))).rows[0]);
  return checkRowOf((await pool.query<Answered>({ name: statement.name, text: statement.text, values })).rows[0]);
}

type Answered = { answer: unknown[] };

/**
 * The parts of the statement a check can need, known before it runs:
 * - recalls: some company has an active recall (without one, no code can be in a recall);
 * - conflicts: a consumer check from a known province (a channel conflict is a scan from outside the dealer's
 *   sales area; from an unknown place, or by the simulator, none is recorded).
 * Each combination is its own prepared statement; leaving a part out changes no answer and no row written.
 */
interface PartsNeeded {
  recalls: boolean;
  conflicts: boolean;
}

function partsNeeded(input: CheckInput, options: { simulate?: unknown }): PartsNeeded {
  return { recalls: input.recallCompanies !== NO_RECALL_COMPANIES, conflicts: !options.simulate && input.areaCode !== '' };
}

/** recallCompanies when no company has an active recall (activeRecalls.ts). */
const NO_RECALL_COMPANIES = '{}';

/** The statement's JSON array, in the order of its SELECT, made into a named row. */
function checkRowOf(answered: Answered | undefined): CheckRow {
  if (!answered) throw new Error('the check statement answered no row');
  const [company_id, product_id, batch_id, hidden_length, repeat_threshold, record_id, verdict, scan_count, first_scan_at,
    first_country, first_province, first_city, suspicious, recall_id] = answered.answer as [
    string | null, string | null, string | null, number | null, number | null, string, ScanVerdictValue, number | null,
    string | null, string | null, string | null, string | null, boolean, string | null,
  ];
  return {
    company_id, product_id, batch_id, hidden_length, repeat_threshold, record_id, verdict, scan_count, first_scan_at,
    first_country, first_province, first_city, suspicious, recall_id,
  };
}

/**
 * The statement's text and where each of its parameters comes from, compiled once per mode (check,
 * simulation, simulation within a company): a check then only fills in an array. Found by compiling the
 * statement with marker values in place of the input and reading where the markers landed; an input used
 * several times is sent once (its placeholders are renumbered to its first).
 */
interface PreparedCheck {
  name: string;
  text: string;
  sources: Array<keyof CheckInput | 'companyId' | { value: unknown }>;
}

const MARK = '\u0000check-input:';
const prepared = new Map<string, PreparedCheck>();

function preparedStatement(db: Kysely<DB>, options: { simulate?: { companyId: string | null } }, needed: PartsNeeded): PreparedCheck {
  const kind = options.simulate ? (options.simulate.companyId ? 'simulate-company' : 'simulate') : 'check';
  const mode = `${kind}${needed.recalls ? '+recalls' : ''}${needed.conflicts ? '+conflicts' : ''}`;
  let statement = prepared.get(mode);
  if (!statement) {
    const marked = new Proxy({} as CheckInput, { get: (_target, key) => `${MARK}${String(key)}` });
    const simulate = options.simulate ? { companyId: options.simulate.companyId ? `${MARK}companyId` : null } : undefined;
    const compiled = checkStatement(marked, { simulate, ...needed }).compile(db);
    const sources: PreparedCheck['sources'] = [];
    const numberOf = new Map<string, number>();
    const placeholder = compiled.parameters.map((value) => {
      const source = typeof value === 'string' && value.startsWith(MARK) ? value.slice(MARK.length) : null;
      if (source !== null && numberOf.has(source)) return numberOf.get(source) as number;
      sources.push(source === null ? { value } : (source as keyof CheckInput | 'companyId'));
      if (source !== null) numberOf.set(source, sources.length);
      return sources.length;
    });
    const text = compiled.sql.replace(/\$(\d+)\b/g, (_match, n: string) => `$${placeholder[Number(n) - 1]}`);
    statement = { name: `scan_check_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`, text, sources };
    prepared.set(mode, statement);
  }
  return statement;
}

export function checkStatement(input: CheckInput, options: { simulate?: { companyId: string | null } } & Partial<PartsNeeded> = {}) {
  const simulate = options.simulate;
  const { recalls = true, conflicts = !simulate } = options;
  const now = sql`coalesce(${input.at}::timestamptz, now())`;
  // one text whatever the region, so the prepared statement is reused
  const region = sql`CASE WHEN ${input.regionKey}::text = '' THEN '{}'::text[] ELSE ARRAY[${input.regionKey}::text] END`;
  const inWindow = sql`s.recent_since > ${now} - ${input.suspiciousWindowSeconds}::int * interval '1 second'`;
  const newRegion = sql`NOT (EXCLUDED.recent_provinces <@ s.recent_provinces)`;
  const counts = sql`c.status = 'ACTIVATED' AND (c.hidden_length = 0 OR ${input.hidden}::text = 'MATCHED')`;
  const counted = sql`
      INSERT INTO code_scan AS s (code_id, company_id, scan_count, first_scan_at, first_country, first_province, first_city,
                                  last_scan_at, last_province, recent_provinces, recent_since, suspicious)
      SELECT c.id, c.company_id, 1, ${now}, ${input.country}::text, ${input.province}::text, ${input.city}::text,
             ${now}, ${input.province}::text, ${region}, ${now}, false
      FROM c WHERE ${counts}
      ON CONFLICT (code_id) DO UPDATE SET
        scan_count = s.scan_count + 1,
        last_scan_at = ${now},
        last_province = EXCLUDED.last_province,
        recent_since = CASE WHEN ${inWindow} THEN s.recent_since ELSE ${now} END,
        recent_provinces = CASE WHEN NOT ${inWindow} THEN EXCLUDED.recent_provinces
                                WHEN ${newRegion} THEN s.recent_provinces || EXCLUDED.recent_provinces
                                ELSE s.recent_provinces END,
        suspicious = s.suspicious
          OR (${inWindow} AND cardinality(s.recent_provinces) + (CASE WHEN ${newRegion} THEN 1 ELSE 0 END) >= ${input.suspiciousProvinces}::int)
      RETURNING scan_count, first_scan_at, first_country, first_province, first_city, suspicious
    `;
  // the staff simulator counts nothing: the count and the regions flag a consumer check from this place would
  // reach now, from the counter as it is (the same rule as the update above; no counter yet is a first scan)
  const simulatedCount = sql`
      SELECT coalesce(s.scan_count, 0) + 1 AS scan_count, coalesce(s.first_scan_at, ${now}) AS first_scan_at,
             coalesce(s.first_country, ${input.country}::text) AS first_country,
             coalesce(s.first_province, ${input.province}::text) AS first_province,
             coalesce(s.first_city, ${input.city}::text) AS first_city,
             coalesce(s.suspicious OR (${inWindow} AND cardinality(s.recent_provinces)
               + (CASE WHEN NOT (${region} <@ s.recent_provinces) THEN 1 ELSE 0 END) >= ${input.suspiciousProvinces}::int), false) AS suspicious
      FROM c LEFT JOIN code_scan s ON s.code_id = c.id
      WHERE ${counts}`;
  const companyFilter = simulate?.companyId ? sql`AND c.company_id = ${simulate.companyId}::uuid` : sql``;
  const recallOf = recalls
    ? sql`CASE WHEN c.company_id = ANY(${input.recallCompanies}::uuid[]) THEN
               (SELECT rc.recall_id FROM recall_code rc JOIN recall rr ON rr.id = rc.recall_id AND rr.state = 'ACTIVE'
                 WHERE rc.code_id = c.id LIMIT 1)
             END`
    : sql`NULL`;
  return sql<Answered>`
    WITH c AS (
      SELECT c.id, c.company_id, c.status, c.product_id, c.batch_id, r.hidden_length, r.repeat_threshold,
             ${conflicts ? sql`cs.dealer_id, cs.shipment_id, d.area_codes AS dealer_areas,` : sql``}
             ${recallOf}::uuid AS recall_id
      FROM code c JOIN tag_rule r ON r.id = c.rule_id
      ${conflicts ? sql`LEFT JOIN code_shipment cs ON cs.code_id = c.id LEFT JOIN dealer d ON d.id = cs.dealer_id` : sql``}
      WHERE c.code = ${input.code}::text ${companyFilter}
    ),
    counted AS (${simulate ? simulatedCount : counted}),
    rec AS (
      INSERT INTO scan_record (company_id, code_id, code_text, product_id, batch_id, source, verdict, scan_seq, suspicious, recall_id,
                               ip, country, province, city, isp, area_code, client_type, os, user_agent, latitude, longitude, attach_token,
                               scanned_at)
      SELECT c.company_id, c.id, ${input.codeText}::text, c.product_id, c.batch_id, ${simulate ? 'TEST' : 'CHECK'},
             CASE
               WHEN c.id IS NULL THEN 'NOT_FOUND'
               WHEN c.hidden_length > 0 AND ${input.hidden}::text <> 'MATCHED' THEN 'SECURITY_CODE_MISMATCH'
               WHEN c.status = 'NOT_ACTIVATED' THEN 'NOT_ACTIVATED'
               WHEN c.status = 'VOIDED' THEN 'VOIDED'
               WHEN counted.scan_count = 1 THEN 'GENUINE'
               ELSE 'REPEATED'
             END,
             ${simulate ? null : sql`counted.scan_count`}::int,
             coalesce(counted.suspicious OR counted.scan_count > c.repeat_threshold, false),
             c.recall_id,
             ${input.ip}::text, ${input.country}::text, ${input.province}::text, ${input.city}::text, ${input.isp}::text,
             ${input.areaCode}::text, ${input.clientType}::text, ${input.os}::text, ${input.userAgent}::text,
             ${input.latitude}::double precision, ${input.longitude}::double precision, ${input.attachToken}::text,
             ${now}
      FROM (SELECT 1) AS one LEFT JOIN c ON true LEFT JOIN counted ON true
      RETURNING id, verdict, suspicious
    )${!conflicts ? sql`` : sql`,
    conflict AS (
      INSERT INTO channel_conflict (company_id, scan_record_id, scanned_at, code_id, product_id, batch_id, dealer_id, shipment_id,
                                    dealer_area_codes, scan_area_code, scan_city_code, province, city, ip)
      SELECT c.company_id, rec.id, ${now}, c.id, c.product_id, c.batch_id, c.dealer_id, c.shipment_id, c.dealer_areas,
             ${input.areaCode}::text, ${input.cityCode}::text, ${input.province}::text, ${input.city}::text, ${input.ip}::text
      FROM rec JOIN c ON c.dealer_id IS NOT NULL
      WHERE rec.verdict IN ('GENUINE', 'REPEATED') AND ${input.areaCode}::text <> ''
        AND NOT (c.dealer_areas && ARRAY[${input.areaCode}::text, ${input.cityCode}::text])
    )`}
    -- in the order checkRowOf reads
    SELECT json_build_array(c.company_id, c.product_id, c.batch_id, c.hidden_length, c.repeat_threshold, rec.id::text, rec.verdict,
                            counted.scan_count, to_char(counted.first_scan_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            counted.first_country, counted.first_province,
                            counted.first_city, rec.suspicious, c.recall_id) AS answer
    FROM rec LEFT JOIN c ON true LEFT JOIN counted ON true`;
}
