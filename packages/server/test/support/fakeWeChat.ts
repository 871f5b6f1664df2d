import { randomBytes } from 'node:crypto';
import http from 'node:http';

/** Stands in for api.weixin.qq.com: counts the token and ticket calls, answers like WeChat does. */
export function fakeWeChat(appId: string, secret: string) {
  const calls = { token: 0, ticket: 0 };
  const state = { ticket: `ticket-${randomBytes(6).toString('hex')}`, failToken: false };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/cgi-bin/token') {
      calls.token++;
      if (state.failToken || url.searchParams.get('appid') !== appId || url.searchParams.get('secret') !== secret) {
        res.end(JSON.stringify({ errcode: 40013, errmsg: 'invalid appid' }));
        return;
      }
      // a little latency, so simultaneous callers really overlap
      setTimeout(() => res.end(JSON.stringify({ access_token: 'ACCESS', expires_in: 7200 })), 50);
      return;
    }
    if (url.pathname === '/cgi-bin/ticket/getticket' && url.searchParams.get('access_token') === 'ACCESS') {
      calls.ticket++;
      res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ticket: state.ticket, expires_in: 7200 }));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  return { server, calls, state };
}
