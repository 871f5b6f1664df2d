// How long migration 0022 (scan_record partitioned by month) takes on an existing table, on PostgreSQL:
// migrates a scratch database up to 0021, writes BENCH_SCANS scan records (default 5,000,000) spread over the
// last 365 days with INSERT ... SELECT generate_series, VACUUM ANALYZE, then times 0022 alone (rename, a month
// per partition, copy every row, drop the old table, build the indexes), and prints the rows per second and
// the sizes before and after. The upgrade of an installation with many records is planned from this figure.
// Run: npm run bench:partition-migration   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/platform/db/database.js';
import { migrate, MIGRATIONS_DIR } from '../packages/server/src/platform/db/migrate.js';
import { scratchDatabase } from './support/scratchDatabase.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCANS = Number(process.env.BENCH_SCANS ?? 5_000_000);
const CHUNK = 1_000_000;
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

async function tableSize(pool: pg.Pool): Promise<string> {
  const result = await pool.query<{ size: string }>(
    // a plain table has no partition tree: its own size then
    `SELECT pg_size_pretty(coalesce((SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree('scan_record')),
                                    pg_total_relation_size('scan_record'))) AS size`,
  );
  return result.rows[0]!.size;
}

async function main() {
  const scratch = await scratchDatabase(SERVER_URL);
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-migrations-'));
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  try {
    console.log(`partition migration bench: ${SCANS.toLocaleString('en')} scan records; ${os.cpus().length} CPUs, load average ${load()}`);
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f < '0022')) {
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    }
    await migrate(database, before);
    const pool = database.pool!;
    const seedStarted = performance.now();
    for (let from = 0; from < SCANS; from += CHUNK) {
      const to = Math.min(SCANS, from + CHUNK);
      await pool.query(
        `INSERT INTO scan_record (company_id, code_id, code_text, source, verdict, scan_seq, area_code, province, client_type, ip,
                                  user_agent, scanned_at)
         SELECT '00000000-0000-0000-0000-000000000001'::uuid, n, 'CODE' || n, 'CHECK', 'GENUINE', 1, '440000', '广东省', 'WECHAT',
                '203.0.113.7', 'Mozilla/5.0 (iPhone) MicroMessenger/8.0', now() - interval '365 days' + (n::float8 / $3) * interval '365 days'
         FROM generate_series($1::bigint, $2::bigint - 1) n`,
        [from, to, SCANS],
      );
    }
    await pool.query('VACUUM ANALYZE scan_record');
    console.log(`seeded the unpartitioned table in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s: ${await tableSize(pool)}`);

    // 0022 alone: later migrations are not this figure
    fs.copyFileSync(path.join(MIGRATIONS_DIR, '0022_scan_record_partitions.sql'), path.join(before, '0022_scan_record_partitions.sql'));
    const started = performance.now();
    const applied = await migrate(database, before);
    const seconds = (performance.now() - started) / 1000;
    const parts = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_partition_tree('scan_record') WHERE isleaf`);
    const rows = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM scan_record');
    console.log(`${applied.join(', ')}: ${seconds.toFixed(1)} s, ${Math.round(SCANS / seconds).toLocaleString('en')} records/s`);
    console.log(`after: ${Number(rows.rows[0]!.n).toLocaleString('en')} records in ${parts.rows[0]!.n} partitions, ${await tableSize(pool)}`);
    console.log(`load average after: ${load()}`);
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
    await database.close();
    await scratch.drop();
  }
}

await main();
