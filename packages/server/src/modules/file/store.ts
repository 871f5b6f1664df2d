import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/sessionStore.js';
import type { DB } from '../../platform/db/schema.js';

export interface NewStoredFile {
  companyId: string | null;
  ownerId: string;
  sha256: string;
  size: number;
  contentType: string;
  extension: string;
  originalName: string;
  place: string;
}

export async function insertStoredFile(db: Kysely<DB>, file: NewStoredFile): Promise<string> {
  const row = await db
    .insertInto('stored_file')
    .values({
      company_id: file.companyId,
      owner_id: file.ownerId,
      sha256: file.sha256,
      size_bytes: file.size,
      content_type: file.contentType,
      extension: file.extension,
      original_name: file.originalName,
      place: file.place,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A stored file the caller may fetch: one of their own company's (platform staff: the platform's own
 * files), or any for the super user. Anything else is "not there", checked in SQL.
 */
export async function findAccessibleFile(
  db: Kysely<DB>,
  principal: Principal,
  fileId: string,
  options: { imagesOnly?: boolean } = {},
) {
  let q = db
    .selectFrom('stored_file')
    .select(['id', 'sha256', 'size_bytes as size', 'content_type as contentType', 'original_name as originalName'])
    .where('id', '=', fileId);
  if (principal.userType !== '1') {
    q = principal.companyId ? q.where('company_id', '=', principal.companyId) : q.where('company_id', 'is', null);
  }
  if (options.imagesOnly) q = q.where('content_type', 'like', 'image/%');
  const row = await q.executeTakeFirst();
  return row ? { ...row, size: Number(row.size) } : undefined;
}
