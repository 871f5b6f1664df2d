import { vi } from 'vitest';

/** A call the consumer pages made: its path, method, and its parameters (the query of a GET, the body of a POST). */
export interface FetchCall {
  url: string;
  method: string;
  params: Record<string, unknown>;
}

export type FetchRoute = (call: FetchCall) => { status?: number; data: unknown } | undefined;

/**
 * Answers the consumer pages' fetch calls from `route` (they use the browser's fetch, not the portal's
 * axios client); an unknown call gets a 404 envelope. Undone by vi.unstubAllGlobals().
 */
export function mockFetch(route: FetchRoute): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const params = method === 'GET' ? Object.fromEntries(url.searchParams) : (JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>);
    const call = { url: url.pathname, method, params };
    calls.push(call);
    const answer = route(call) ?? { status: 404, data: { code: 'NOT_FOUND', msg: 'not found', data: null } };
    return new Response(JSON.stringify(answer.data), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

export const envelope = (data: unknown) => ({ data: { code: 'SUCCESS', msg: '', data } });
