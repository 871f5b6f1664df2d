import type { ruleListQuerySchema, rulePageQuerySchema } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB, RuleAlphabet, RuleCheckScheme, RuleKind, RuleMode } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { fetchPage, type SortSpec } from '../../platform/paging.js';

const SORT: SortSpec = {
  columns: {
    createdAt: 't.created_at',
    updatedAt: 't.updated_at',
    ruleName: 't.rule_name',
    kind: 't.kind',
    mode: 't.mode',
    status: 't.status',
  },
  defaultName: 'createdAt',
  defaultType: 'desc',
  tieBreaker: 't.id',
};

/**
 * Codes exist under the rule, or a job is about to make them. Codes are reached through the rule's jobs,
 * by the (record_id, id) index of code: a rule's codes are never scanned.
 */
const SHAPE_LOCKED = sql<boolean>`exists (
  select 1 from code_record r
  where r.rule_id = t.id
    and (r.status in ('QUEUED', 'RUNNING') or r.progress > 0 or exists (select 1 from code c where c.record_id = r.id))
)`;

function rowQuery(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('tag_rule as t')
    .where('t.company_id', '=', companyId)
    .select([
      't.id',
      't.rule_name as ruleName',
      't.kind',
      't.mode',
      't.prefix',
      't.body_length as bodyLength',
      't.alphabet',
      't.check_scheme as checkScheme',
      't.hidden_length as hiddenLength',
      't.url_form as urlForm',
      't.repeat_threshold as repeatThreshold',
      't.status',
      't.remark',
      sql<string>`t.next_serial::text`.as('nextSerial'),
      sql<number>`(select count(*)::int from code_record r where r.rule_id = t.id)`.as('jobCount'),
      SHAPE_LOCKED.as('shapeLocked'),
      't.created_at as createdAt',
      't.updated_at as updatedAt',
    ]);
}

export async function rulePage(db: Kysely<DB>, companyId: string, query: z.infer<typeof rulePageQuerySchema>) {
  let q = rowQuery(db, companyId);
  if (query.ruleName) q = q.where('t.rule_name', 'ilike', containsPattern(query.ruleName));
  if (query.kind) q = q.where('t.kind', '=', query.kind);
  if (query.mode) q = q.where('t.mode', '=', query.mode);
  if (query.status) q = q.where('t.status', '=', query.status);
  return fetchPage(q, query, SORT);
}

export function ruleRow(db: Kysely<DB>, companyId: string, id: string) {
  return rowQuery(db, companyId).where('t.id', '=', id).executeTakeFirst();
}

/** Enabled rules of the company, by name, for the selects of other screens. */
export function enabledRules(db: Kysely<DB>, companyId: string, query: z.infer<typeof ruleListQuerySchema>) {
  let q = db
    .selectFrom('tag_rule as t')
    .where('t.company_id', '=', companyId)
    .where('t.status', '=', 'ENABLED')
    .select([
      't.id',
      't.rule_name as ruleName',
      't.kind',
      't.mode',
      't.prefix',
      't.body_length as bodyLength',
      't.alphabet',
      't.check_scheme as checkScheme',
      't.hidden_length as hiddenLength',
      't.url_form as urlForm',
    ])
    .orderBy('t.rule_name')
    .orderBy('t.id');
  if (query.kind) q = q.where('t.kind', '=', query.kind);
  return q.execute();
}

/** Everything a rule says, as stored. */
export interface RuleValues {
  ruleName: string;
  kind: RuleKind;
  mode: RuleMode;
  prefix: string;
  bodyLength: number;
  alphabet: RuleAlphabet;
  checkScheme: RuleCheckScheme;
  hiddenLength: number;
  urlForm: 'SCAN' | 'GS1';
  repeatThreshold: number;
  status: 'ENABLED' | 'DISABLED';
  remark: string;
}

/**
 * One rule of the company, locked for the rest of the transaction: a generation job reads the rule's shape
 * under a lock of the same row, so a shape change and a new job never interleave.
 */
export async function lockRule(db: Kysely<DB>, companyId: string, id: string): Promise<(RuleValues & { id: string }) | undefined> {
  return db
    .selectFrom('tag_rule as t')
    .where('t.company_id', '=', companyId)
    .where('t.id', '=', id)
    .select([
      't.id',
      't.rule_name as ruleName',
      't.kind',
      't.mode',
      't.prefix',
      't.body_length as bodyLength',
      't.alphabet',
      't.check_scheme as checkScheme',
      't.hidden_length as hiddenLength',
      't.url_form as urlForm',
      't.repeat_threshold as repeatThreshold',
      't.status',
      't.remark',
    ])
    .forUpdate()
    .executeTakeFirst();
}

export async function ruleShapeLocked(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('tag_rule as t')
    .where('t.id', '=', id)
    .select(SHAPE_LOCKED.as('locked'))
    .executeTakeFirstOrThrow();
  return Boolean(row.locked);
}

export async function ruleHasJobs(db: Kysely<DB>, id: string): Promise<boolean> {
  const row = await db.selectFrom('code_record').select('id').where('rule_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function ruleNameTaken(db: Kysely<DB>, companyId: string, ruleName: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('tag_rule').select('id').where('company_id', '=', companyId).where('rule_name', '=', ruleName);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

function columnsOf(values: RuleValues) {
  return {
    rule_name: values.ruleName,
    kind: values.kind,
    mode: values.mode,
    prefix: values.prefix,
    body_length: values.bodyLength,
    alphabet: values.alphabet,
    check_scheme: values.checkScheme,
    hidden_length: values.hiddenLength,
    url_form: values.urlForm,
    repeat_threshold: values.repeatThreshold,
    status: values.status,
    remark: values.remark,
  };
}

export async function insertRule(db: Kysely<DB>, companyId: string, createdBy: string, values: RuleValues): Promise<string> {
  const row = await db
    .insertInto('tag_rule')
    .values({ company_id: companyId, created_by: createdBy, ...columnsOf(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRule(db: Kysely<DB>, id: string, values: RuleValues): Promise<void> {
  await db
    .updateTable('tag_rule')
    .set({ ...columnsOf(values), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteRule(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('tag_rule').where('id', '=', id).execute();
}
