import { readAsShape, readTypedCode, type CodeShape } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { keptValue } from './keptReads.js';

/**
 * The shapes of the codes in use — prefix, body length, alphabet and check scheme of every tag rule that has
 * made codes — with the companies that use each. The check reads a typed code in these shapes and tells a
 * typing mistake from the text alone (readTypedCode); the manual-entry page gets the same list (without the
 * companies) to say so before sending. Kept for SCAN_ANSWER_CACHE_SECONDS: a rule's first codes are read in
 * its shape on every instance within that time (until then such a code is looked up as typed, as before).
 */
export interface ShapesInUse {
  shapes: CodeShape[];
  /** The one company whose rules a text fits in shape, or null when none or several do. */
  soleCompanyOf(typed: string): string | null;
}

interface ShapeRow {
  prefix: string;
  body_length: number;
  alphabet: CodeShape['alphabet'];
  check_scheme: CodeShape['checkScheme'];
  companies: string[];
}

export function shapesInUseSource(db: Kysely<DB>, ttlSeconds: number): () => Promise<ShapesInUse> {
  return keptValue(ttlSeconds, async () => {
    const { rows } = await sql<ShapeRow>`
      SELECT r.prefix, r.body_length, r.alphabet, r.check_scheme, array_agg(DISTINCT r.company_id::text) AS companies
        FROM tag_rule r
       WHERE EXISTS (SELECT 1 FROM code_record j WHERE j.rule_id = r.id)
       GROUP BY r.prefix, r.body_length, r.alphabet, r.check_scheme
       -- the longest prefixes first: a text that fits several shapes is read in the most specific one
       ORDER BY length(r.prefix) DESC, r.prefix, r.body_length, r.alphabet, r.check_scheme`.execute(db);
    const entries = rows.map((row) => ({
      shape: { prefix: row.prefix, bodyLength: row.body_length, alphabet: row.alphabet, checkScheme: row.check_scheme },
      companies: row.companies,
    }));
    return {
      shapes: entries.map((entry) => entry.shape),
      soleCompanyOf(typed) {
        const companies = new Set(entries.filter((entry) => readAsShape(entry.shape, typed) !== null).flatMap((entry) => entry.companies));
        return companies.size === 1 ? (companies.values().next().value as string) : null;
      },
    };
  });
}

/**
 * The code a consumer's later calls name (queryFarmer, queryTrace) as the check read it: the reading in a shape
 * in use, else the text in upper case (a typing mistake finds nothing either way).
 */
export async function codeAsRead(shapes: () => Promise<ShapesInUse>, typed: string): Promise<string> {
  const reading = readTypedCode((await shapes()).shapes, typed.trim());
  return reading.kind === 'READ' ? reading.code : typed.trim().toUpperCase();
}
