import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ScanVerdictValue } from '@rd/contract';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';

/**
 * What an operator watches (Prometheus text format, GET /acc/metrics): every request's duration by route
 * and status, the verdicts consumers get, scan records written, the generation jobs (by state, and the codes
 * they wrote, whose rate is rows per second), the database connections in use and the callers waiting for
 * one, and Node's own figures (event-loop lag, memory, garbage collection) from prom-client. One registry
 * per application, so several in one process (tests) never mix their figures.
 */
export interface AppMetrics {
  registry: Registry;
  /** A consumer check answered, with its verdict; each check also writes one scan record. */
  checked(verdict: ScanVerdictValue): void;
  /** Scan records written by anything else than a check (the staff simulator, a position added as its own record). */
  scanRecordsWritten(count: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Seconds: most answers take milliseconds; exports and uploads may take many seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function installMetrics(app: FastifyInstance, ctx: { database: Database; db: Kysely<DB> }): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by method, route (its pattern, never the raw path) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Unknown paths share one label, so scanners of random URLs cannot grow the series without end.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const verdicts = new Counter({ name: 'scan_verdicts_total', help: 'Consumer checks answered, by verdict', labelNames: ['verdict'] as const, registers: [registry] });
  const records = new Counter({ name: 'scan_records_written_total', help: 'Scan records written (checks, simulator, positions)', registers: [registry] });

  new Gauge({
    name: 'db_connections',
    help: 'Database connections: in use, idle, and callers waiting for one (the embedded database has one connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { inUse, idle, waiting } = ctx.database.connections();
      this.set({ state: 'in_use' }, inUse);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });

  // The jobs live in the database, shared by every instance: read when scraped.
  new Gauge({
    name: 'code_generation_jobs',
    help: 'Code generation jobs by state (QUEUED, RUNNING, DONE, FAILED, CANCELLED), all instances',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await sql<{ status: string; jobs: number }>`SELECT status, count(*)::int AS jobs FROM code_record GROUP BY status`.execute(ctx.db);
      this.reset();
      for (const row of rows.rows) this.set({ status: row.status }, row.jobs);
    },
  });
  new Counter({
    name: 'code_generation_rows_total',
    help: 'Codes written by generation jobs, all instances; rate() of it is rows per second',
    registers: [registry],
    async collect() {
      const row = await sql<{ rows: string }>`SELECT coalesce(sum(progress), 0)::text AS rows FROM code_record`.execute(ctx.db);
      this.reset();
      this.inc(Number(row.rows[0]?.rows ?? 0));
    },
  });

  const metrics: AppMetrics = {
    registry,
    checked(verdict) {
      verdicts.inc({ verdict });
      records.inc();
    },
    scanRecordsWritten(count) {
      records.inc(count);
    },
  };
  app.decorate('metrics', metrics);
  return metrics;
}
