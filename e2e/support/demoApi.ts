import fs from 'node:fs';
import path from 'node:path';
import { TOKEN_HEADER } from '@rd/contract';
import type { RunningServer } from './server.js';

/** The demo account's generated password, from the server's initial credentials file. */
export function demoPassword(server: RunningServer): string {
  const lines = fs.readFileSync(path.join(server.dataDir, 'initial-credentials.txt'), 'utf8').trim().split('\n');
  return lines.map((l) => l.split('\t')).find(([name]) => name === 'demo')?.[1] ?? '';
}

/**
 * The password a seeded account signs in with once the first sign-in's forced change is behind it: the
 * change is made here through the API, as the portal's dialog makes it, so a test can sign in through the
 * login page and land on the portal. Idempotent: on a restart over the same data the generated password is
 * refused and the changed one is answered.
 */
export async function settledPassword(server: RunningServer, username = 'demo'): Promise<string> {
  const lines = fs.readFileSync(path.join(server.dataDir, 'initial-credentials.txt'), 'utf8').trim().split('\n');
  const generated = lines.map((l) => l.split('\t')).find(([name]) => name === username)?.[1] ?? '';
  const settled = `${generated}-Settled`;
  const login = await fetch(`${server.baseUrl}/acc/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: generated }),
  });
  const envelope = (await login.json()) as { code: string; data: { token: string } };
  if (envelope.code !== 'SUCCESS') return settled;
  const token = envelope.data.token;
  if ((await callApi<{ mustChange: boolean }>(server, token, 'GET', '/acc/userinfo/checkUserPassWord')).mustChange) {
    await callApi(server, token, 'POST', '/acc/userinfo/changePassword', { oldPassword: generated, newPassword: settled, confirmPsw: settled });
    return settled;
  }
  return generated;
}

/** One call as a client makes it: the envelope's data, or an error naming the call and the refusal. */
export async function callApi<T>(server: RunningServer, token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: string; msg: string; data: T };
  if (envelope.code !== 'SUCCESS') throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/**
 * A finished generation job of a new rule of the signed-in company (Damm check characters; a hidden code when
 * asked), bound to a product and batch when given: its id, once the job is done.
 */
export async function finishedJob(
  server: RunningServer,
  token: string,
  kind: 'ITEM' | 'BOX',
  quantity: number,
  options: { ruleName?: string; hiddenLength?: number; productId?: string; batchId?: string } = {},
): Promise<string> {
  const rule = await callApi<{ id: string }>(server, token, 'POST', '/acc/api/rule/add', {
    ruleName: options.ruleName ?? `E2E ${kind} ${Date.now()}`,
    kind,
    bodyLength: 12,
    alphabet: 'CROCKFORD32',
    checkScheme: 'DAMM',
    hiddenLength: options.hiddenLength ?? 0,
  });
  const job = await callApi<{ id: string }>(server, token, 'POST', '/acc/api/codeRecord/add', {
    ruleId: rule.id,
    quantity,
    ...(options.productId ? { productId: options.productId } : {}),
    ...(options.batchId ? { batchId: options.batchId } : {}),
  });
  const deadline = Date.now() + 30_000;
  while ((await callApi<{ status: string }>(server, token, 'GET', `/acc/api/codeRecord/getById?id=${job.id}`)).status !== 'DONE') {
    if (Date.now() > deadline) throw new Error(`generation job ${job.id} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return job.id;
}

/** The codes of a finished generation job (finishedJob), in the job's order. */
export async function generatedCodes(
  server: RunningServer,
  token: string,
  kind: 'ITEM' | 'BOX',
  quantity: number,
  options: { ruleName?: string; hiddenLength?: number; productId?: string; batchId?: string } = {},
): Promise<Array<{ id: string; code: string }>> {
  const jobId = await finishedJob(server, token, kind, quantity, options);
  const page = await callApi<{ list: Array<{ id: string; code: string }> }>(server, token, 'POST', '/acc/api/code/pageList', { recordId: jobId, pageSize: 50 });
  return page.list.map((c) => ({ id: c.id, code: c.code }));
}
