import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AreaCount, ClientTypeCount, PageResult, QuantityDisplay, ScanCheckResult } from '@rd/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupIp } from '../src/platform/geo/ipRegion.js';
import { clientTypeOf } from '../src/platform/geo/clientType.js';
import { businessClock } from '../src/platform/export/businessClock.js';
import { seedDemo } from '../src/seed/demoSeed.js';
import { seedDemoSeason } from '../src/seed/demoSeason.js';
import { DEMO_PROVINCE_BLOCKS, DEMO_USER_AGENTS } from '../src/seed/demoScanPlaces.js';
import { createUser } from './support/fixtures.js';
import { call, signIn, startTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Demo-Season-1';
/** One clock for both first starts. */
const NOW = new Date();
const dataDirs: string[] = [];

/** A first start with the demo: the company, then its season, as main.ts seeds them. */
async function firstStart(): Promise<{ t: TestApp; companyId: string }> {
  const t = await startTestApp();
  // the demo's generated passwords go to a folder of the test's own, not the in-memory database's name
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-demo-'));
  dataDirs.push(dataDir);
  await seedDemo(t.database.db, { dataDir }, businessClock(t.config.businessTimeZone).date(NOW));
  await seedDemoSeason({ database: t.database, db: t.database.db, config: t.config }, NOW);
  const company = await t.database.db.selectFrom('company').select('id').where('merchant_code', '=', 'M10001').executeTakeFirstOrThrow();
  return { t, companyId: company.id };
}

/**
 * The season as data, without what differs by nature between two starts: ids, the wall-clock times of what
 * the services did, and the random codes' texts (CSPRNG); a code is named by its batch (or rule) and its place
 * in its generation job. Scans made "now" (of the recalled order) are left out: the database dates them.
 */
async function seasonOf(t: TestApp, companyId: string) {
  const db = t.database.db;
  const named = sql`(SELECT c.id, coalesce(b.batch_no, r.rule_name) || '#' || row_number() OVER (PARTITION BY c.record_id ORDER BY c.id) AS name
                       FROM code c JOIN tag_rule r ON r.id = c.rule_id LEFT JOIN product_batch b ON b.id = c.batch_id
                      WHERE c.company_id = ${companyId})`;
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    batches: await rows(sql`SELECT batch_no, production_date, expiry_date, harvest_date, quantity, f.name AS grower
                              FROM product_batch b LEFT JOIN farmer f ON f.id = b.farmer_id WHERE b.company_id = ${companyId} ORDER BY batch_no`),
    codes: await rows(sql`SELECT n.name, c.status FROM code c JOIN ${named} n ON n.id = c.id ORDER BY n.name`),
    boxes: await rows(sql`SELECT bn.name AS box, count(*)::int AS items FROM box_item bi JOIN ${named} bn ON bn.id = bi.box_code_id GROUP BY bn.name ORDER BY bn.name`),
    dealers: await rows(sql`SELECT d.code, d.name, d.level, p.code AS parent, d.area_codes FROM dealer d LEFT JOIN dealer p ON p.id = d.parent_id
                             WHERE d.company_id = ${companyId} ORDER BY d.code`),
    shipments: await rows(sql`SELECT d.code AS dealer, s.status, (SELECT count(*)::int FROM shipment_line l WHERE l.shipment_id = s.id) AS lines
                                FROM shipment s JOIN dealer d ON d.id = s.dealer_id WHERE s.company_id = ${companyId} ORDER BY s.order_no`),
    scans: await rows(sql`SELECT r.scanned_at, CASE WHEN r.verdict = 'CHECK_FAILED' THEN 'typo' ELSE coalesce(n.name, r.code_text) END AS code,
                                 r.ip, r.province, r.city, r.client_type, r.os, r.verdict, r.scan_seq, r.suspicious
                            FROM scan_record r LEFT JOIN ${named} n ON n.id = r.code_id
                           WHERE r.scanned_at < ${NOW} ORDER BY r.scanned_at, r.id`),
    conflicts: await rows(sql`SELECT x.scanned_at, x.province, x.city, x.ip, d.code AS dealer FROM channel_conflict x JOIN dealer d ON d.id = x.dealer_id
                               WHERE x.company_id = ${companyId} AND x.scanned_at < ${NOW} ORDER BY x.scanned_at`),
    recalls: await rows(sql`SELECT state, level, reason, code_count, selection_kind FROM recall WHERE company_id = ${companyId} ORDER BY recall_no`),
    rollups: await rows(sql`SELECT dim, day, key, scans, suspicious, expired, check_failed FROM scan_stat_day
                             WHERE company_id = ${companyId} AND dim <> 'PRODUCT' AND day < ${businessClock(t.config.businessTimeZone).date(NOW)}
                             ORDER BY dim, day, key`),
  };
}

let first: { t: TestApp; companyId: string };
let token: string;

beforeAll(async () => {
  first = await firstStart();
  await createUser(first.t.database.db, { username: 'seasonViewer', password: PASSWORD, userType: '3', companyId: first.companyId, roles: ['ENTERPRISE_ADMIN'] });
  token = await signIn(first.t.app, 'seasonViewer', PASSWORD);
}, 120_000);

afterAll(async () => {
  await first?.t.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const today = () => businessClock(first.t.config.businessTimeZone).date(NOW);
const range = () => ({ beginDate: businessClock(first.t.config.businessTimeZone).date(new Date(NOW.getTime() - 89 * 86_400_000)), endDate: today() });
const post = <T>(url: string, body: unknown) => call<T>(first.t.app, 'POST', url, { token, body });
const get = <T>(url: string, query: Record<string, string>) => call<T>(first.t.app, 'GET', url, { token, query });

describe('the demo season of a first start', () => {
  it('shows non-zero figures on the dashboard, the statistics and the map', async () => {
    const figures = (await post<QuantityDisplay>('/acc/api/scanCodeRecord/quantityDisplayList', range())).body.data;
    expect(figures.codesIssued).toBeGreaterThan(2000);
    expect(figures.codesActivated).toBeGreaterThan(1500);
    expect(figures.scans).toBeGreaterThan(500);
    expect(figures.todayScans).toBeGreaterThan(0);
    expect(figures.suspiciousScans).toBeGreaterThan(0);
    expect(figures.expiredScans).toBeGreaterThan(0);
    expect(figures.recalledScans).toBeGreaterThan(0);

    const map = (await get<AreaCount[]>('/acc/api/scanCodeRecord/scanMapList', range())).body.data;
    expect(map.filter((p) => p.scans > 0).length).toBeGreaterThanOrEqual(8);
    const clients = (await get<ClientTypeCount[]>('/acc/api/scanCodeRecord/clientTypeList', range())).body.data;
    expect(clients.filter((c) => c.scans > 0).map((c) => c.clientType)).toEqual(expect.arrayContaining(['WECHAT', 'ALIPAY', 'BROWSER', 'QQ']));
    const weekly = (await post<{ days: Array<{ scans: number }> }>('/acc/api/scanCodeRecord/weeklyCodeList', range())).body;
    expect(weekly.code).toBe('SUCCESS');
  });

  it('shows dealers in several provinces, their orders, channel conflicts and both recalls', async () => {
    const dealers = (await post<PageResult<{ level: number; areaCodes: string[] }>>('/acc/api/dealer/pageList', { pageNum: 1, pageSize: 50 })).body.data;
    expect(dealers.total).toBe(8);
    expect(new Set(dealers.list.flatMap((d) => d.areaCodes)).size).toBeGreaterThanOrEqual(6);
    expect(dealers.list.some((d) => d.level === 2)).toBe(true);

    const shipments = (await post<PageResult<{ status: string }>>('/acc/api/shipment/pageList', { pageNum: 1, pageSize: 50 })).body.data;
    expect(shipments.total).toBe(12);
    expect(new Set(shipments.list.map((s) => s.status))).toEqual(new Set(['RECEIVED', 'COMPLETED']));

    const conflicts = (await post<PageResult<unknown>>('/acc/api/channelConflict/pageList', { pageNum: 1, pageSize: 10 })).body.data;
    expect(conflicts.total).toBeGreaterThan(0);

    const recalls = (await post<PageResult<{ state: string; codeCount: number }>>('/acc/api/recall/pageList', { pageNum: 1, pageSize: 10 })).body.data;
    expect(recalls.list.map((r) => r.state).sort()).toEqual(['ACTIVE', 'CLOSED']);
    expect(recalls.list.every((r) => r.codeCount > 0)).toBe(true);
  });

  it('keeps the statistics rollups consistent with the scan records', async () => {
    const { rows } = await sql<{ rolled: string; counted: string; failed: string; typos: string }>`
      SELECT (SELECT coalesce(sum(scans), 0) FROM scan_stat_day WHERE company_id = ${first.companyId} AND dim = 'TOTAL')::text AS rolled,
             (SELECT count(*) FROM scan_record WHERE company_id = ${first.companyId} AND source <> 'TEST' AND verdict <> 'CHECK_FAILED')::text AS counted,
             (SELECT coalesce(sum(check_failed), 0) FROM scan_stat_day WHERE company_id = ${first.companyId} AND dim = 'TOTAL')::text AS failed,
             (SELECT count(*) FROM scan_record WHERE company_id = ${first.companyId} AND verdict = 'CHECK_FAILED')::text AS typos`.execute(first.t.database.db);
    const figures = rows[0]!;
    expect(Number(figures.counted)).toBeGreaterThan(0);
    expect(figures.rolled).toBe(figures.counted);
    expect(Number(figures.typos)).toBeGreaterThan(0);
    expect(figures.failed).toBe(figures.typos);
  });

  it('made codes the public check verifies by the product’s rules', async () => {
    const db = first.t.database.db;
    const scanned = await sql<{ code: string; scan_count: number }>`
      SELECT c.code, s.scan_count FROM code c JOIN code_scan s ON s.code_id = c.id
       WHERE c.company_id = ${first.companyId} AND NOT EXISTS (SELECT 1 FROM recall_code rc JOIN recall r ON r.id = rc.recall_id AND r.state = 'ACTIVE' WHERE rc.code_id = c.id)
       ORDER BY s.scan_count DESC LIMIT 1`.execute(db);
    const often = scanned.rows[0]!;
    const check = (code: string) => call<ScanCheckResult>(first.t.app, 'GET', '/acc/api/securityCode/check', { query: { code }, ip: '1.45.1.20' });
    const answer = (await check(often.code)).body.data;
    expect(answer.verdict).toBe('REPEATED');
    expect(answer.scanCount).toBe(often.scan_count + 1);
    // scanned above the rule's threshold of 5: suspicious by the check's own rule
    expect(answer.suspicious).toBe(true);
    expect(answer.product?.name).toMatch(/庞各庄/);

    const unbound = await db.selectFrom('code').select('code').where('company_id', '=', first.companyId).where('status', '=', 'NOT_ACTIVATED').executeTakeFirstOrThrow();
    expect((await check(unbound.code)).body.data.verdict).toBe('NOT_ACTIVATED');

    const recalled = await sql<{ code: string }>`
      SELECT c.code FROM recall_code rc JOIN recall r ON r.id = rc.recall_id AND r.state = 'ACTIVE' JOIN code c ON c.id = rc.code_id
       JOIN tag_rule t ON t.id = c.rule_id WHERE r.company_id = ${first.companyId} AND t.kind = 'ITEM' LIMIT 1`.execute(db);
    expect((await check(recalled.rows[0]!.code)).body.data.recall?.level).toBe(2);
  });

  it('leaves a consumer no way to date a check: the public route dates it by the database', async () => {
    const code = await first.t.database.db.selectFrom('code').select('code').where('company_id', '=', first.companyId).where('status', '=', 'ACTIVATED').executeTakeFirstOrThrow();
    const asked = Date.now();
    const res = await call(first.t.app, 'GET', '/acc/api/securityCode/check', { query: { code: code.code, at: '2020-01-01T00:00:00Z' }, ip: '1.45.1.21' });
    expect(res.status).toBe(200);
    const { rows } = await sql<{ scanned_at: Date }>`SELECT scanned_at FROM scan_record WHERE ip = '1.45.1.21' ORDER BY id DESC LIMIT 1`.execute(first.t.database.db);
    expect(new Date(rows[0]!.scanned_at).getTime()).toBeGreaterThanOrEqual(asked - 5_000);
  });

  it('is made the same by a second first start with the same clock', async () => {
    const second = await firstStart();
    try {
      const [a, b] = [await seasonOf(first.t, first.companyId), await seasonOf(second.t, second.companyId)];
      expect(a.scans.length).toBeGreaterThan(500);
      expect(b).toEqual(a);
    } finally {
      await second.t.close();
    }
  }, 120_000);

  it('scans from addresses and apps the product reads as the places and clients they stand for', () => {
    for (const [areaCode, blocks] of Object.entries(DEMO_PROVINCE_BLOCKS)) {
      for (const block of blocks) expect({ block, areaCode: lookupIp(`${block}.77`).areaCode }).toEqual({ block, areaCode });
    }
    for (const agent of DEMO_USER_AGENTS) expect(clientTypeOf(agent.userAgent)).toBe(agent.clientType);
  });
});
