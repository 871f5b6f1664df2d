import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { codeUrl } from '../rule/codeMaker.js';

/**
 * The EPC of each code in EPCIS events: the URL its label carries, exactly as the code downloads give it — a
 * GS1 Digital Link for GS1-form rules whose job has a product GTIN, else the public scan URL. Like the
 * label, it follows the generation job (its product and batch), not later bindings.
 */
export interface CodeIdentity {
  id: string;
  companyId: string;
  epc: string;
  /** The batch the code is bound to now, for the lot of a commissioning. */
  batchNo: string | null;
}

export async function codeIdentities(tx: Kysely<DB>, epcBase: string, ids: readonly string[]): Promise<CodeIdentity[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string; companyId: string; code: string; urlForm: 'SCAN' | 'GS1'; gtin: string | null; jobBatchNo: string | null; batchNo: string | null }>`
    SELECT c.id::text AS id, c.company_id AS "companyId", c.code, r.url_form AS "urlForm", p.gtin, jb.batch_no AS "jobBatchNo", b.batch_no AS "batchNo"
      FROM unnest(${sql.val([...ids])}::bigint[]) WITH ORDINALITY AS wanted(id, n)
      JOIN code c ON c.id = wanted.id
      JOIN tag_rule r ON r.id = c.rule_id
      JOIN code_record j ON j.id = c.record_id
      LEFT JOIN product p ON p.id = j.product_id
      LEFT JOIN product_batch jb ON jb.id = j.batch_id
      LEFT JOIN product_batch b ON b.id = c.batch_id
     ORDER BY wanted.n`.execute(tx);
  return rows.map((r) => ({ id: r.id, companyId: r.companyId, epc: codeUrl(epcBase, r.code, { urlForm: r.urlForm, gtin: r.gtin, batchNo: r.jobBatchNo }), batchNo: r.batchNo }));
}
