import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.js';

async function api(baseUrl: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-rd-request-apitoken': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: string; data: Record<string, unknown> };
}

describe('server life cycle on the embedded database', () => {
  it('seeds on the first start with generated passwords kept in a private file, restarts without re-seeding, stops gracefully', async () => {
    let first: RunningServer | undefined;
    let second: RunningServer | undefined;
    try {
      first = await startServer({ SEED_DEMO: 'true', SEED_DEMO_SEASON: 'true' });
      const file = path.join(first.dataDir, 'initial-credentials.txt');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const credentials = new Map(
        fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split('\t') as [string, string]),
      );
      expect([...credentials.keys()]).toEqual(['admin', 'demo', 'operator', 'auditor']);
      const adminPassword = credentials.get('admin') as string;
      expect(adminPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(first.stdout()).toContain(adminPassword);

      // The generated password works once, and asks to be changed.
      const login = await api(first.baseUrl, 'POST', '/acc/user/login', { username: 'admin', password: adminPassword });
      expect(login.code).toBe('SUCCESS');
      const check = await api(first.baseUrl, 'GET', '/acc/userinfo/checkUserPassWord', undefined, login.data.token as string);
      expect(check.data).toEqual({ mustChange: true, reason: 'INITIAL' });
      const demo = await api(first.baseUrl, 'POST', '/acc/user/login', { username: 'demo', password: credentials.get('demo') });
      const me = await api(first.baseUrl, 'GET', '/acc/user/loginUser', undefined, demo.data.token as string);
      expect(me.data.companyName).toBe('北京市大兴区庞各庄西瓜专业合作社');
      expect(me.data.roles).toEqual(['ENTERPRISE_ADMIN']);
      // the demo company comes with its season: dealers with their orders, and both recalls
      const dealers = await api(first.baseUrl, 'POST', '/acc/api/dealer/pageList', { pageNum: 1, pageSize: 10 }, demo.data.token as string);
      expect(dealers.data.total).toBe(8);
      const recalls = await api(first.baseUrl, 'POST', '/acc/api/recall/pageList', { pageNum: 1, pageSize: 10 }, demo.data.token as string);
      expect(recalls.data.total).toBe(2);

      expect(await first.stop({ keepData: true })).toBe(0);

      // A second start on the same data migrates nothing new, seeds nothing, and keeps the session store.
  second = await startServer({ SEED_DEMO: 'true' }, first.dataDir);
      expect(second.stdout()).not.toContain('Generated password');
      expect(fs.readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(4);
      const resumed = await api(second.baseUrl, 'GET', '/acc/user/loginUser', undefined, login.data.token as string);
      expect(resumed.code).toBe('SUCCESS');
      const again = await api(second.baseUrl, 'POST', '/acc/user/login', { username: 'admin', password: adminPassword });
      expect(again.code).toBe('SUCCESS');
      expect(await second.stop()).toBe(0);
    } finally {
      // ended whatever failed above; the data folder both used goes with the last stop
      await second?.stop({ keepData: true });
      await first?.stop();
    }
  });
});
