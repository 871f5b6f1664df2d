import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { notFound } from '../../platform/http/appError.js';

/**
 * Refuses file ids that are not files stored by the company (NOT_FOUND, like any other company's id);
 * where a picture is expected, a stored file that is not an image counts as missing too.
 */
export async function assertCompanyFiles(
  db: Kysely<DB>,
  companyId: string,
  ids: Iterable<string>,
  kind: 'image' | 'any',
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  let q = db.selectFrom('stored_file').select('id').where('company_id', '=', companyId).where('id', 'in', wanted);
  if (kind === 'image') q = q.where('content_type', 'like', 'image/%');
  const found = await q.execute();
  if (found.length !== wanted.length) throw notFound();
}
