import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkStatement, type CheckInput } from '../src/modules/securityCode/checkStatement.js';

// Compiles only: the statement's text is what is asserted, no database is reached.
const db = new Kysely<never>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const input = new Proxy({} as CheckInput, { get: (_target, key) => `input:${String(key)}` });
const tablesOf = (options: Parameters<typeof checkStatement>[1]) => {
  const text = checkStatement(input, options).compile(db as never).sql;
  return ['recall_code', 'code_shipment', 'dealer', 'channel_conflict'].filter((table) => new RegExp(`\\b${table}\\b`).test(text));
};

// Every table a statement names is locked and opened on each run: the parts a check cannot need are left out.
describe('the check statement names only the tables the check can need', () => {
  it('a consumer check from a known place while some company has an active recall: all of them', () => {
    expect(tablesOf({ recalls: true, conflicts: true })).toEqual(['recall_code', 'code_shipment', 'dealer', 'channel_conflict']);
  });

  it('no active recall anywhere: no recall lookup', () => {
    expect(tablesOf({ recalls: false, conflicts: true })).toEqual(['code_shipment', 'dealer', 'channel_conflict']);
  });

  it('a place not known: no shipment, dealer or conflict', () => {
    expect(tablesOf({ recalls: true, conflicts: false })).toEqual(['recall_code']);
    expect(tablesOf({ recalls: false, conflicts: false })).toEqual([]);
  });

  it('the simulator records no conflict', () => {
    expect(tablesOf({ simulate: { companyId: null } })).toEqual(['recall_code']);
  });
});
