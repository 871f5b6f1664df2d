import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { existingMonths, keepScanPartitions } from '../src/modules/scanRecord/partitions.js';
import { createCompany, createUser } from './support/fixtures.js';
import { call, createScratchDatabase, signIn, startTestApp, TEST_DB_KIND, type TestApp } from './support/testApp.js';

/**
 * The backup and restore of operations.md on PostgreSQL, as an operator runs them: pg_dump of a database in
 * use, pg_restore into a new database, a server started on it. The restored server applies no migration,
 * signs the same user in, lists the same rows and carries on writing.
 */
const hasTools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);
const PASSWORD = 'Backup-Pass-1';

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
}

describe.skipIf(TEST_DB_KIND !== 'postgres' || !hasTools)('backup with pg_dump, restore with pg_restore', () => {
  const dumpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-backup-'));
  const opened: TestApp[] = [];
  let restoredDatabase: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  afterAll(async () => {
    for (const app of opened) await app.close();
    await restoredDatabase?.drop();
    fs.rmSync(dumpDir, { recursive: true, force: true });
  });

  it('a server on the restored database signs the user in, reads the same data and writes on', async () => {
    let sourceUrl = '';
    const source = await startTestApp({ STATS_ROLLUP_SECONDS: '0' }, undefined, {
      databaseUrl: (url) => (sourceUrl = url),
    });
    opened.push(source);
    const db = source.database.db;
    const company = await createCompany(db, 'Backup Co');
    await createUser(db, { username: 'backupAdmin', password: PASSWORD, userType: '3', companyId: company, roles: ['ENTERPRISE_ADMIN'] });
    const token = await signIn(source.app, 'backupAdmin', PASSWORD);
    const product = await call<{ id: string }>(source.app, 'POST', '/acc/api/product/add', { token, body: { name: '庞各庄西瓜' } });
    expect(product.body.code, product.body.msg).toBe('SUCCESS');
    const scans = await db
      .insertInto('scan_record')
      .values([
        { company_id: company, code_text: 'B1', scanned_at: '2025-03-10T02:00:00Z' },
        { company_id: company, code_text: 'B2', scanned_at: new Date() },
      ])
      .returning('id')
      .execute();
    // March 2025's row goes from the default partition into a month of its own
    await keepScanPartitions(db, { retentionMonths: 0, rollupsInUse: false });

    // the dump is taken while the source server runs, as in production
    const dump = path.join(dumpDir, 'rd.dump');
    run('pg_dump', ['--format=custom', `--file=${dump}`, sourceUrl]);
    restoredDatabase = await createScratchDatabase(process.env.TEST_DATABASE_URL as string);
    run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredDatabase.url}`, dump]);

    const restoredUrl = restoredDatabase.url;
    const restored = await startTestApp({ STATS_ROLLUP_SECONDS: '0' }, undefined, { databaseUrl: () => restoredUrl });
    opened.push(restored);
    const rdb = restored.database.db;
    // every migration was restored with the schema: the start applied none
    const applied = (of: typeof db) => sql<{ name: string; at: string }>`SELECT name, applied_at::text AS at FROM schema_migration ORDER BY name`.execute(of);
    expect((await applied(rdb)).rows).toEqual((await applied(db)).rows);

    const again = await signIn(restored.app, 'backupAdmin', PASSWORD);
    const list = await call<{ list: Array<{ id: string; name: string }> }>(restored.app, 'POST', '/acc/api/product/pageList', {
      token: again,
      body: { pageNum: 1, pageSize: 10 },
    });
    expect(list.body.code, list.body.msg).toBe('SUCCESS');
    expect(list.body.data.list.map((p) => p.id)).toEqual([product.body.data.id]);

    const rows = await rdb.selectFrom('scan_record').select(['id', 'code_text']).orderBy('id').execute();
    expect(rows).toEqual(scans.map((s, i) => ({ id: s.id, code_text: ['B1', 'B2'][i] })));
    expect(await existingMonths(rdb)).toEqual(await existingMonths(db));
    expect(await existingMonths(rdb)).toContain('2025-03');
    // the id sequence came along: a new record follows the old ones
    const next = await rdb.insertInto('scan_record').values({ company_id: company, code_text: 'B3' }).returning('id').executeTakeFirstOrThrow();
    expect(BigInt(next.id)).toBeGreaterThan(BigInt(scans[1]!.id));
  });
});

describe.skipIf(TEST_DB_KIND !== 'pglite')('backup of the embedded database: a copy of the stopped server’s DATA_DIR', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a server started on the copy signs the user in and reads the same data', async () => {
    const original = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-data-'));
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-data-copy-'));
    dirs.push(original, copy);
    const source = await startTestApp({ DATA_DIR: original, STATS_ROLLUP_SECONDS: '0' });
    const productId = await (async () => {
      try {
        const company = await createCompany(source.database.db, 'Embedded Backup Co');
        await createUser(source.database.db, { username: 'embeddedAdmin', password: PASSWORD, userType: '3', companyId: company, roles: ['ENTERPRISE_ADMIN'] });
        const token = await signIn(source.app, 'embeddedAdmin', PASSWORD);
        const product = await call<{ id: string }>(source.app, 'POST', '/acc/api/product/add', { token, body: { name: '京欣甜瓜' } });
        return product.body.data.id;
      } finally {
        // a copy is consistent only once the server has stopped
        await source.close();
      }
    })();
    fs.cpSync(original, copy, { recursive: true });

    const restored = await startTestApp({ DATA_DIR: copy, STATS_ROLLUP_SECONDS: '0' });
    try {
      const token = await signIn(restored.app, 'embeddedAdmin', PASSWORD);
      const list = await call<{ list: Array<{ id: string }> }>(restored.app, 'POST', '/acc/api/product/pageList', { token, body: { pageNum: 1, pageSize: 10 } });
      expect(list.body.data.list.map((p) => p.id)).toEqual([productId]);
    } finally {
      await restored.close();
    }
  });
});
