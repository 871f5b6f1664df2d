import type { SelectQueryBuilder } from 'kysely';

/**
 * Every row of an ordered query, read `chunk` rows at a time, for exports of lists people page through
 * (dealers, orders): an export never holds the whole table. The query must be ordered completely (a
 * tie-breaker last), or rows could repeat or go missing between chunks.
 */
export async function* chunkedRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, chunk = 500): AsyncGenerator<O> {
  for (let offset = 0; ; offset += chunk) {
    const rows = (await query.limit(chunk).offset(offset).execute()) as O[];
    yield* rows;
    if (rows.length < chunk) return;
  }
}
