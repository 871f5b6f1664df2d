/**
 * Recognises constraint violations reported by PostgreSQL (node-postgres and PGlite both expose the
 * SQLSTATE as `code` and the constraint's name as `constraint`). Checks in SQL come first; these catch
 * what a concurrent request slipped in between the check and the write.
 */
interface PgError {
  code?: unknown;
  constraint?: unknown;
}

function sqlState(error: unknown): string | undefined {
  const code = (error as PgError | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The name of the violated constraint, or '' when the driver did not say. */
export function constraintOf(error: unknown): string {
  const constraint = (error as PgError | null)?.constraint;
  return typeof constraint === 'string' ? constraint : '';
}

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown): boolean => sqlState(error) === '23503';
