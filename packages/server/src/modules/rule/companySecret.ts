import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/** 256 bits: the key of HMAC-SHA256, from which hidden security codes are derived. */
const SECRET_BYTES = 32;

/**
 * The company's secret for hidden security codes, created on first use. Two first uses at once both try
 * to insert; the primary key keeps one and the other's insert does nothing, so both read the same secret.
 * It never changes afterwards: every hidden code already printed depends on it.
 */
export async function companySecret(db: Kysely<DB>, companyId: string): Promise<Buffer> {
  const existing = await readSecret(db, companyId);
  if (existing) return existing;
  await db
    .insertInto('company_secret')
    .values({ company_id: companyId, secret: randomBytes(SECRET_BYTES) })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  const created = await readSecret(db, companyId);
  if (!created) throw new Error(`no secret for company ${companyId}`);
  return created;
}

async function readSecret(db: Kysely<DB>, companyId: string): Promise<Buffer | null> {
  const row = await db.selectFrom('company_secret').select('secret').where('company_id', '=', companyId).executeTakeFirst();
  // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer.
  return row ? Buffer.from(row.secret) : null;
}
