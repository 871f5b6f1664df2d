import type { Redis } from 'ioredis';
import { AppError } from '../../platform/http/appError.js';

/**
 * The jsapi_ticket, fetched from WeChat with an access token (both live 7200 s) and kept until shortly
 * before either expires: in Redis when REDIS_URL is set (every instance shares one ticket, which matters
 * because WeChat limits the daily token calls and a new token invalidates the old one), else in memory.
 * One refresh runs at a time per process; across instances a short Redis lock keeps the others waiting
 * for the ticket the lock holder writes.
 */

/** Refresh this long before WeChat's expiry, so a ticket handed out is still valid when the page uses it. */
const EARLY_SECONDS = 300;
const LOCK_MS = 10_000;
const WAIT_STEP_MS = 100;
const FETCH_TIMEOUT_MS = 5_000;

export interface WxAccount {
  appId: string;
  appSecret: string;
  apiBase: string;
}

interface CachedTicket {
  ticket: string;
  /** epoch ms */
  expiresAt: number;
}

async function wxGet(url: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new AppError('WX_API_FAILED', { reason: (error as Error).message });
  }
  if (!response.ok) throw new AppError('WX_API_FAILED', { reason: `HTTP ${response.status}` });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body) throw new AppError('WX_API_FAILED', { reason: 'not JSON' });
  const errcode = Number(body.errcode ?? 0);
  if (errcode !== 0) throw new AppError('WX_API_FAILED', { reason: `${errcode} ${String(body.errmsg ?? '')}`.trim() });
  return body;
}

/** Access token, then ticket: two calls to WeChat. */
async function fetchTicket(account: WxAccount): Promise<CachedTicket> {
  const q = new URLSearchParams({ grant_type: 'client_credential', appid: account.appId, secret: account.appSecret });
  const token = await wxGet(`${account.apiBase}/cgi-bin/token?${q}`);
  const accessToken = String(token.access_token ?? '');
  if (!accessToken) throw new AppError('WX_API_FAILED', { reason: 'no access_token' });
  const ticketBody = await wxGet(
    `${account.apiBase}/cgi-bin/ticket/getticket?${new URLSearchParams({ access_token: accessToken, type: 'jsapi' })}`,
  );
  const ticket = String(ticketBody.ticket ?? '');
  if (!ticket) throw new AppError('WX_API_FAILED', { reason: 'no ticket' });
  const lives = Math.min(Number(token.expires_in ?? 7200), Number(ticketBody.expires_in ?? 7200));
  return { ticket, expiresAt: Date.now() + Math.max(60, lives - EARLY_SECONDS) * 1000 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface WxTicketSource {
  ticket(): Promise<string>;
}

export function wxTicketSource(account: WxAccount, redis: Redis | null): WxTicketSource {
  let cached: CachedTicket | null = null;
  let refreshing: Promise<CachedTicket> | null = null;
  const key = `wx:jsapi_ticket:${account.appId}`;
  const lockKey = `${key}:lock`;

  async function fromRedis(): Promise<CachedTicket | null> {
    if (!redis) return null;
    const text = await redis.get(key);
    return text ? (JSON.parse(text) as CachedTicket) : null;
  }

  async function refresh(): Promise<CachedTicket> {
    if (!redis) return fetchTicket(account);
    // another instance may be refreshing: wait for what it writes rather than spend a token call
    const deadline = Date.now() + LOCK_MS;
    while (Date.now() < deadline) {
      const shared = await fromRedis();
      if (shared && shared.expiresAt > Date.now()) return shared;
      const locked = await redis.set(lockKey, '1', 'PX', LOCK_MS, 'NX');
      if (locked === 'OK') {
        try {
          const fresh = await fetchTicket(account);
          await redis.set(key, JSON.stringify(fresh), 'PX', Math.max(1, fresh.expiresAt - Date.now()));
          return fresh;
        } finally {
          await redis.del(lockKey);
        }
      }
      await sleep(WAIT_STEP_MS);
    }
    throw new AppError('WX_API_FAILED', { reason: 'timed out waiting for the ticket' });
  }

  return {
    async ticket() {
      if (cached && cached.expiresAt > Date.now()) return cached.ticket;
      if (redis) {
        const shared = await fromRedis();
        if (shared && shared.expiresAt > Date.now()) {
          cached = shared;
          return shared.ticket;
        }
      }
      refreshing ??= refresh().finally(() => {
        refreshing = null;
      });
      cached = await refreshing;
      return cached.ticket;
    },
  };
}
