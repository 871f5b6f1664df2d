import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export interface PublicFile {
  id: string;
  sha256: string;
  size: number;
  contentType: string;
}

/**
 * A stored file a consumer who scanned `code` may fetch without a session: one the answer of that code
 * names (publicAnswer.ts) — the product's pictures and IMAGE attributes shown on the scan page, the
 * batch's farming photos and inspection reports, the grower's photo (for codes in force), the logo and
 * licence of the company's approved info (for any of its codes). Anything else is "not there".
 */
export async function findPublicFile(db: Kysely<DB>, code: string, fileId: string): Promise<PublicFile | null> {
  const id = sql`${fileId}::text`;
  const result = await sql<{ id: string; sha256: string; size: string; content_type: string }>`
    SELECT sf.id, sf.sha256, sf.size_bytes::text AS size, sf.content_type
    FROM code c
      JOIN stored_file sf ON sf.id = ${fileId}::uuid AND sf.company_id = c.company_id
    WHERE c.code = ${code}
      AND (
        (c.status = 'ACTIVATED' AND (
          EXISTS (SELECT 1 FROM product p WHERE p.id = c.product_id AND p.company_id = c.company_id
                    AND (p.images @> jsonb_build_array(${id})
                         OR EXISTS (SELECT 1 FROM template_attribute ta JOIN product_attr_value v ON v.attr_key = ta.attr_key
                                     WHERE v.product_id = p.id AND ta.template_id = p.template_id AND ta.show_on_scan
                                       AND ta.type = 'IMAGE' AND v.value = ${id})))
          OR EXISTS (SELECT 1 FROM product_batch b WHERE b.id = c.batch_id AND b.company_id = c.company_id
                       AND (b.farming_records @> jsonb_build_array(jsonb_build_object('images', jsonb_build_array(${id})))
                            OR b.inspection_reports @> jsonb_build_array(jsonb_build_object('fileId', ${id}))
                            OR EXISTS (SELECT 1 FROM farmer f WHERE f.id = b.farmer_id AND f.photo_file_id = ${fileId}::uuid)))
        ))
        OR EXISTS (SELECT 1 FROM company_info ci WHERE ci.company_id = c.company_id
                     AND (ci.approved ->> 'logoFileId' = ${id} OR ci.approved ->> 'licenseFileId' = ${id}))
      )`.execute(db);
  const row = result.rows[0];
  return row ? { id: row.id, sha256: row.sha256, size: Number(row.size), contentType: row.content_type } : null;
}
