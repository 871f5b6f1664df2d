import type { PageResult, ScanRecordFilters, ScanRecordPageQuery } from '@rd/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/likePattern.js';
import { orderColumn, type SortSpec } from '../../platform/paging.js';
import { ALL_TIME, dimCounts, type CompanyScope } from './counts.js';
import { inStatSnapshot } from './snapshot.js';

/** The scope's scan records narrowed by the list's filters (shared by the list and the export). */
function filteredRecords(db: Kysely<DB>, scope: CompanyScope, f: ScanRecordFilters, timeZone: string) {
  let q = db.selectFrom('scan_record as r');
  q = scope ? q.where('r.company_id', '=', scope) : q;
  if (f.beginDate) q = q.where(sql<boolean>`r.scanned_at >= (${f.beginDate}::date::timestamp AT TIME ZONE ${timeZone})`);
  if (f.endDate) q = q.where(sql<boolean>`r.scanned_at < ((${f.endDate}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
  if (f.productId) q = q.where('r.product_id', '=', f.productId);
  if (f.batchId) q = q.where('r.batch_id', '=', f.batchId);
  if (f.areaCode) q = q.where('r.area_code', '=', f.areaCode);
  if (f.clientType) q = q.where('r.client_type', '=', f.clientType);
  if (f.verdict) q = q.where('r.verdict', '=', f.verdict);
  if (f.suspicious !== undefined) q = q.where('r.suspicious', '=', f.suspicious);
  if (f.code) q = q.where('r.code_text', 'like', containsPattern(f.code));
  // The simulator's rows are listed only when asked for, as they are never counted.
  q = f.source ? q.where('r.source', '=', f.source) : q.where('r.source', '<>', 'TEST');
  return q;
}

function rowColumns<Q extends ReturnType<typeof filteredRecords>>(q: Q) {
  return q.select([
    'r.id',
    'r.company_id as companyId',
    'r.code_id as codeId',
    'r.code_text as code',
    'r.product_id as productId',
    sql<string>`coalesce((SELECT p.name FROM product p WHERE p.id = r.product_id), '')`.as('productName'),
    'r.batch_id as batchId',
    sql<string>`coalesce((SELECT b.batch_no FROM product_batch b WHERE b.id = r.batch_id), '')`.as('batchNo'),
    'r.source',
    'r.verdict',
    'r.scan_seq as scanSeq',
    'r.suspicious',
    'r.ip',
    'r.country',
    'r.province',
    'r.city',
    'r.isp',
    'r.area_code as areaCode',
    'r.client_type as clientType',
    'r.os',
    'r.latitude',
    'r.longitude',
    'r.scanned_at as scannedAt',
  ]);
}

export type RecordRow = Awaited<ReturnType<ReturnType<typeof rowColumns>['execute']>>[number];

/**
 * The total of a filtered list. Counting millions of rows for a pager is what makes such lists slow;
 * when the filters are dates plus at most one of province, client type and product, the total
 * is the statistics' own exact count (rollups plus fresh rows), else the rows are counted.
 */
async function recordTotal(db: Kysely<DB>, scope: CompanyScope, f: ScanRecordFilters, timeZone: string): Promise<number> {
  const dims = ([f.areaCode ? 'AREA' : null, f.clientType ? 'CLIENT' : null, f.productId ? 'PRODUCT' : null] as const).filter(
    (d): d is 'AREA' | 'CLIENT' | 'PRODUCT' => d !== null,
  );
  // Unknown codes (no company) are listed for platform users but never counted in statistics.
  const countable =
    scope !== null &&
    !f.batchId && !f.verdict && f.suspicious === undefined && !f.code && !f.source && dims.length <= 1;
  if (countable) {
    const dim = dims[0] ?? 'TOTAL';
    const key = dim === 'AREA' ? f.areaCode : dim === 'CLIENT' ? f.clientType : dim === 'PRODUCT' ? f.productId : '';
    const range = { begin: f.beginDate ?? ALL_TIME.begin, end: f.endDate ?? ALL_TIME.end };
    const rows = await inStatSnapshot(db, timeZone, (s) => dimCounts(s, scope, range, dim, false));
    return rows.find((r) => r.key === key)?.scans ?? 0;
  }
  const counted = await filteredRecords(db, scope, f, timeZone).select(sql<number>`count(*)::float8`.as('n')).executeTakeFirstOrThrow();
  return counted.n;
}

/** The fields a page may be sorted by (`orderName`); any other is refused. Scan time by default. */
const SORT: SortSpec = {
  columns: {
    scannedAt: 'r.scanned_at',
    verdict: 'r.verdict',
    scanSeq: 'r.scan_seq',
    areaCode: 'r.area_code',
    province: 'r.province',
    city: 'r.city',
    clientType: 'r.client_type',
    os: 'r.os',
    code: 'r.code_text',
    source: 'r.source',
  },
  defaultName: 'scannedAt',
  defaultType: 'desc',
  tieBreaker: 'r.id',
};

/**
 * One page of scan records, newest first unless another allowed field is asked for (by scan time the
 * (company_id, scanned_at) index serves it without sorting).
 */
export async function recordPage(
  db: Kysely<DB>,
  scope: CompanyScope,
  query: ScanRecordPageQuery & ScanRecordFilters & { pageNum: number; pageSize: number },
  timeZone: string,
): Promise<PageResult<RecordRow>> {
  const column = orderColumn(SORT, query.orderName);
  const direction = query.orderType ?? SORT.defaultType;
  const [total, list] = await Promise.all([
    recordTotal(db, scope, query, timeZone),
    rowColumns(filteredRecords(db, scope, query, timeZone))
      .orderBy(sql.ref(column), direction)
      .orderBy(sql.ref(SORT.tieBreaker), direction)
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
  ]);
  return { total, list, pageNum: query.pageNum, pageSize: query.pageSize };
}

/**
 * Every matching record, newest first, a page at a time by (scanned_at, id) keyset: an export of millions
 * holds one page in memory and no transaction open.
 */
export async function* exportedRecords(db: Kysely<DB>, scope: CompanyScope, f: ScanRecordFilters, timeZone: string, pageSize = 5000) {
  // The cursor keeps scanned_at as PostgreSQL's text: a JavaScript Date would drop its microseconds.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let q = rowColumns(filteredRecords(db, scope, f, timeZone)).select(sql<string>`r.scanned_at::text`.as('cursorAt'));
    if (after) {
      const { at, id } = after;
      q = q.where(sql<boolean>`(r.scanned_at, r.id) < (${at}::timestamptz, ${id}::bigint)`);
    }
    const rows = await q.orderBy('r.scanned_at', 'desc').orderBy('r.id', 'desc').limit(pageSize).execute();
    yield* rows;
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursorAt, id: last.id };
  }
}
