import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery } from 'kysely';

/**
 * A statement run under a name, prepared once per connection: PostgreSQL plans it a few times and then keeps a
 * generic plan. For a statement whose planning costs more than its execution (the consumer check's CTE: about
 * 2 ms of planning for 1.5 ms of work on the embedded database), that halves its time. On PostgreSQL node-pg
 * does this from `{ name }`; on PGlite its `query` always prepares an unnamed statement, so the embedded
 * connection (pgliteDialect.ts) runs a named query through the wire protocol itself.
 */
export interface NamedQuery extends CompiledQuery {
  readonly statementName: string;
}

export function namedQuery(statementName: string, text: string, values: readonly unknown[]): NamedQuery {
  return { ...CompiledQuery.raw(text, [...values]), statementName };
}

export function isNamedQuery(query: CompiledQuery): query is NamedQuery {
  return typeof (query as Partial<NamedQuery>).statementName === 'string';
}

/**
 * The statements prepared on one PGlite client, with their parameters' types (to serialise values as its own
 * `query` does). Runs through PGlite's public protocol interface (`execProtocol`, `runExclusive`), as
 * PGlite's own `query` runs: parse and describe once, then bind, describe, execute and sync.
 */
export class PGlitePreparedStatements {
  private readonly parameterTypes = new Map<string, number[]>();
  /** PGlite's protocol helpers: the package is loaded already (it made the client); asked once, not per query. */
  private readonly helpers = import('@electric-sql/pglite').then(({ protocol, parse }) => ({ serialize: protocol.serialize, parse }));
  constructor(private readonly client: PGlite) {}

  async rows<R>(query: NamedQuery): Promise<{ rows: R[]; affectedRows: number | undefined }> {
    const { serialize, parse } = await this.helpers;
    const client = this.client;
    const send = async (message: Uint8Array) => (await client.execProtocol(message, { syncToFs: false })).messages;
    return client.runExclusive(async () => {
      const messages = [];
      try {
        let types = this.parameterTypes.get(query.statementName);
        if (!types) {
          await send(serialize.parse({ name: query.statementName, text: query.sql }));
          types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name: query.statementName })));
          this.parameterTypes.set(query.statementName, types);
        }
        const values = query.parameters.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[types[i] as number];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(
          ...(await send(serialize.bind({ statement: query.statementName, values }))),
          ...(await send(serialize.describe({ type: 'P' }))),
          ...(await send(serialize.execute({}))),
        );
      } finally {
        messages.push(...(await send(serialize.sync())));
      }
      if (!client.isInTransaction()) await client.syncToFs();
      const [result] = parse.parseResults(messages, client.parsers);
      return { rows: (result?.rows ?? []) as R[], affectedRows: result?.affectedRows };
    });
  }
}
