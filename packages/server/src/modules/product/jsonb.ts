import { sql, type RawBuilder } from 'kysely';

/**
 * A value for a jsonb column. Sent as text and cast in SQL, so both drivers store the same document
 * (a driver that serialises jsonb parameters itself would otherwise store a JSON string of the text).
 */
export function jsonb(value: unknown): RawBuilder<string> {
  return sql<string>`cast(${JSON.stringify(value)} as text)::jsonb`;
}
