import path from 'node:path';
import { REPO_ROOT } from './serverRoot.js';

/** Everything the server reads from its environment, parsed once at start. See README "Configuration". */
export type FileStorageConfig =
  | { kind: 'disk' }
  | { kind: 's3'; bucket: string; endpoint: string | null; forcePathStyle: boolean };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  adminPassword: string | null;
  publicBaseUrl: string;
  /** False while PUBLIC_BASE_URL is unset and the address printed in QR codes is this machine's localhost. */
  publicBaseUrlConfigured: boolean;
  logLevel: string;
  seedDemo: boolean;
  /** With the demo company, its season of codes, dealers, scans and recalls (seed/demoSeason.ts); tests that count from zero leave it out. */
  seedDemoSeason: boolean;
  /** Minutes without a request after which a session ends. */
  sessionIdleMinutes: number;
  /** Hours after sign-in after which a session ends whatever happens. */
  sessionAbsoluteHours: number;
  /** Minutes after which a support view (platform staff looking at one company read-only) ends by itself. */
  supportViewMinutes: number;
  /** Failed sign-ins per account, and per IP, within the window before sign-in is refused. */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginWindowMinutes: number;
  /** Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDRs); empty = none. */
  trustProxy: string[];
  /** Redis for state shared by several instances (rate limits, WeChat tokens); null = this process's memory. */
  redisUrl: string | null;
  /** Public scan calls (check, queryFarmer, scanCodeRecord/add, GS1 links) per client IP and minute; 0 = no limit. */
  scanRateLimitPerMinute: number;
  /** Public scan-page images per client IP and minute (a result page shows several); 0 = no limit. */
  scanImageRateLimitPerMinute: number;
  /** WeChat signature calls per client IP and minute; 0 = no limit. */
  wxRateLimitPerMinute: number;
  /** A code scanned from this many provinces within the window below is suspicious. */
  scanSuspiciousProvinces: number;
  scanSuspiciousWindowMinutes: number;
  /** Seconds a batch's product, grower and company parts of the scan answer are kept in memory; 0 = never. */
  scanAnswerCacheSeconds: number;
  /** WeChat official account for JS-SDK signatures; both null = not configured. */
  wxAppId: string | null;
  wxAppSecret: string | null;
  /** WeChat API base (a stand-in server in tests). */
  wxApiBase: string;
  /** Days after which a password must be changed; 0 = never. */
  passwordMaxAgeDays: number;
  bodyLimitBytes: number;
  webDistDir: string;
  apiDocs: boolean;
  projectCode: string;
  /** Seconds without a heartbeat after which another worker takes a background job over. */
  jobStaleSeconds: number;
  /** How often a job runner looks for new work (a job queued by this process wakes it at once). */
  jobPollMs: number;
  /** Background jobs one process works on side by side, a step of each in turn. */
  jobSlots: number;
  /** Codes written per transaction by a generation job on PostgreSQL, and on the embedded database. */
  codeChunkSize: number;
  codeChunkSizeEmbedded: number;
  /** Chunks a random-rule job writes side by side on PostgreSQL (each its own connection and CPU). */
  codeCopyStreams: number;
  /** IANA zone in which statistics cut days and weeks (scan times are stored in UTC). */
  businessTimeZone: string;
  /**
   * Whether EPCIS subscriptions may deliver to private, loopback and link-local addresses (and over plain
   * http): `refuse` for a public deployment (no request forgery into the server's own network), `allow` on
   * a closed network or for local webhooks.
   */
  webhookPrivateAddresses: 'refuse' | 'allow';
  /** How often a subscription deliverer looks for new events and due schedules. */
  webhookPollMs: number;
  /** Seconds between two statistics rollup steps; 0 = never (the answers stay exact, only slower). */
  statsRollupSeconds: number;
  /** Scan records are kept at least this many months, then their month's partition is dropped; 0 = keep all. */
  scanRetentionMonths: number;
  /** Data rows a spreadsheet import (medicinal products and batches) takes at most. */
  importMaxRows: number;
  /** The bearer token GET /acc/metrics answers to; without one the path does not exist. */
  metricsToken: string | null;
  /** Where uploaded files live: this machine's disk (DATA_DIR/files) or an S3-compatible object store. */
  fileStorage: FileStorageConfig;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

/** An IANA time zone name the runtime knows, else a start-up error. */
function timeZone(value: string | undefined, fallback: string, name: string): string {
  const zone = value || fallback;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new Error(`${name} must be an IANA time zone such as Asia/Shanghai, got "${zone}"`);
  }
  return zone;
}


/** FILE_STORAGE=disk (default) or s3 with S3_BUCKET, S3_ENDPOINT, S3_FORCE_PATH_STYLE; credentials and region come from the AWS SDK's own chain. */
function fileStorage(env: NodeJS.ProcessEnv): FileStorageConfig {
  const kind = env.FILE_STORAGE || 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORAGE must be disk or s3, got "${kind}"`);
  if (!env.S3_BUCKET) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET, the bucket that holds the files');
  return { kind, bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT || null, forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080, 'PORT');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    // memory:// keeps the embedded database in memory (tests); anything else is a folder.
    dataDir: env.DATA_DIR?.startsWith('memory://') ? env.DATA_DIR : path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    publicBaseUrlConfigured: Boolean(env.PUBLIC_BASE_URL),
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: bool(env.SEED_DEMO, true),
    seedDemoSeason: bool(env.SEED_DEMO_SEASON, true),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120, 'SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 12, 'SESSION_ABSOLUTE_HOURS'),
    supportViewMinutes: int(env.SUPPORT_VIEW_MINUTES, 30, 'SUPPORT_VIEW_MINUTES'),
    loginMaxFailuresPerAccount: int(env.LOGIN_MAX_FAILURES_PER_ACCOUNT, 5, 'LOGIN_MAX_FAILURES_PER_ACCOUNT'),
    loginMaxFailuresPerIp: int(env.LOGIN_MAX_FAILURES_PER_IP, 20, 'LOGIN_MAX_FAILURES_PER_IP'),
    loginWindowMinutes: int(env.LOGIN_WINDOW_MINUTES, 15, 'LOGIN_WINDOW_MINUTES'),
    trustProxy: (env.TRUST_PROXY || '').split(',').map((s) => s.trim()).filter(Boolean),
    redisUrl: env.REDIS_URL || null,
    scanRateLimitPerMinute: int(env.SCAN_RATE_LIMIT_PER_MINUTE, 120, 'SCAN_RATE_LIMIT_PER_MINUTE'),
    scanImageRateLimitPerMinute: int(env.SCAN_IMAGE_RATE_LIMIT_PER_MINUTE, 600, 'SCAN_IMAGE_RATE_LIMIT_PER_MINUTE'),
    wxRateLimitPerMinute: int(env.WX_RATE_LIMIT_PER_MINUTE, 60, 'WX_RATE_LIMIT_PER_MINUTE'),
    scanSuspiciousProvinces: Math.max(2, int(env.SCAN_SUSPICIOUS_PROVINCES, 2, 'SCAN_SUSPICIOUS_PROVINCES')),
    scanSuspiciousWindowMinutes: Math.max(1, int(env.SCAN_SUSPICIOUS_WINDOW_MINUTES, 30, 'SCAN_SUSPICIOUS_WINDOW_MINUTES')),
    scanAnswerCacheSeconds: int(env.SCAN_ANSWER_CACHE_SECONDS, 10, 'SCAN_ANSWER_CACHE_SECONDS'),
    wxAppId: env.WX_APP_ID || null,
    wxAppSecret: env.WX_APP_SECRET || null,
    wxApiBase: (env.WX_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    passwordMaxAgeDays: int(env.PASSWORD_MAX_AGE_DAYS, 0, 'PASSWORD_MAX_AGE_DAYS'),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(REPO_ROOT, 'packages/web/dist')),
    apiDocs: bool(env.API_DOCS, true),
    projectCode: env.PROJECT_CODE || 'rd-trace',
    jobStaleSeconds: Math.max(1, int(env.JOB_STALE_SECONDS, 30, 'JOB_STALE_SECONDS')),
    jobPollMs: Math.max(50, int(env.JOB_POLL_MS, 1000, 'JOB_POLL_MS')),
    jobSlots: Math.min(64, Math.max(1, int(env.JOB_SLOTS, 4, 'JOB_SLOTS'))),
    codeChunkSize: Math.max(1, int(env.CODE_CHUNK_SIZE, 50_000, 'CODE_CHUNK_SIZE')),
    codeChunkSizeEmbedded: Math.max(1, int(env.CODE_CHUNK_SIZE_EMBEDDED, 1_000, 'CODE_CHUNK_SIZE_EMBEDDED')),
    codeCopyStreams: Math.min(8, Math.max(1, int(env.CODE_COPY_STREAMS, 2, 'CODE_COPY_STREAMS'))),
    businessTimeZone: timeZone(env.BUSINESS_TIME_ZONE, 'Asia/Shanghai', 'BUSINESS_TIME_ZONE'),
    webhookPrivateAddresses: oneOf(env.WEBHOOK_PRIVATE_ADDRESSES, ['refuse', 'allow'] as const, 'refuse', 'WEBHOOK_PRIVATE_ADDRESSES'),
    webhookPollMs: Math.max(50, int(env.WEBHOOK_POLL_MS, 250, 'WEBHOOK_POLL_MS')),
    statsRollupSeconds: int(env.STATS_ROLLUP_SECONDS, 60, 'STATS_ROLLUP_SECONDS'),
    scanRetentionMonths: Math.max(0, int(env.SCAN_RETENTION_MONTHS, 0, 'SCAN_RETENTION_MONTHS')),
    importMaxRows: Math.max(1, int(env.IMPORT_MAX_ROWS, 100_000, 'IMPORT_MAX_ROWS')),
    fileStorage: fileStorage(env),
    metricsToken: env.METRICS_TOKEN || null,
  };
}
