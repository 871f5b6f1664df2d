import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/**
 * The location hierarchy behind WD_readPoint and WD_bizLocation ("with descendants", EPCIS §6.5): a
 * location and every location below it, by master data. Two sources, crossed freely:
 * - the portal's own: the company (`{base}/party/{companyId}`) holds its dealers, and each dealer the
 *   dealers it supplies (`…/dealer/{code}`), as the portal's shipment events name them;
 * - partners' master data, sent in their documents' headers: each element's `children`.
 */

/** Levels followed at most: dealers are five deep, and a cycle in partners' master data must end. */
const DEPTH_MAX = 16;

export function companyPartyUri(epcBase: string, companyId: string): string {
  return `${epcBase}/party/${companyId}`;
}

export function dealerUri(epcBase: string, companyId: string, dealerCode: string): string {
  return `${companyPartyUri(epcBase, companyId)}/dealer/${encodeURIComponent(dealerCode)}`;
}

/** The direct children of some locations, from the portal's dealers and the company's master data. */
async function childrenOf(db: Kysely<DB>, scope: { companyId: string; epcBase: string }, locations: readonly string[]): Promise<string[]> {
  const company = companyPartyUri(scope.epcBase, scope.companyId);
  const dealerPrefix = `${company}/dealer/`;
  const dealerCodes = locations.filter((l) => l.startsWith(dealerPrefix)).map((l) => decodeURIComponent(l.slice(dealerPrefix.length)));
  const children: string[] = [];
  if (locations.includes(company)) {
    const rows = await db.selectFrom('dealer').select('code').where('company_id', '=', scope.companyId).where('level', '=', 1).execute();
    children.push(...rows.map((r) => dealerUri(scope.epcBase, scope.companyId, r.code)));
  }
  if (dealerCodes.length) {
    const { rows } = await sql<{ code: string }>`
      SELECT d.code FROM dealer d JOIN dealer p ON p.id = d.parent_id
       WHERE p.company_id = ${scope.companyId} AND p.code = ANY(${sql.val(dealerCodes)}::text[])`.execute(db);
    children.push(...rows.map((r) => dealerUri(scope.epcBase, scope.companyId, r.code)));
  }
  const { rows } = await sql<{ child: string }>`
    SELECT DISTINCT unnest(children) AS child FROM epcis_vocabulary_element
     WHERE company_id = ${scope.companyId} AND element_id = ANY(${sql.val([...locations])}::text[])`.execute(db);
  children.push(...rows.map((r) => r.child));
  return children;
}

/** The locations and all their descendants. */
export async function locationsWithin(db: Kysely<DB>, scope: { companyId: string; epcBase: string }, roots: readonly string[]): Promise<string[]> {
  const all = new Set(roots);
  let frontier = [...all];
  for (let depth = 0; depth < DEPTH_MAX && frontier.length > 0; depth++) {
    const next = (await childrenOf(db, scope, frontier)).filter((child) => !all.has(child));
    for (const child of next) all.add(child);
    frontier = [...new Set(next)];
  }
  return [...all];
}
