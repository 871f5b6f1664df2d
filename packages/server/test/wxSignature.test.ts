import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { WxSignature } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsSdkSignature } from '../src/modules/wx/jsSdkSignature.js';
import { fakeWeChat } from './support/fakeWeChat.js';
import { call, startTestApp, type TestApp } from './support/testApp.js';

const PATH = '/acc/api/wx/getSignature';

describe('JS-SDK signature', () => {
  it('matches the published test vector', () => {
    expect(
      jsSdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its #fragment', () => {
    const base = { ticket: 'T', nonceStr: 'N', timestamp: 1 };
    expect(jsSdkSignature({ ...base, url: 'https://a.example/wx?x=1#/page' })).toBe(jsSdkSignature({ ...base, url: 'https://a.example/wx?x=1' }));
  });
});

describe('getSignature without a WeChat account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers WX_NOT_CONFIGURED in the caller’s language', async () => {
    const zh = await call(t.app, 'GET', PATH, { query: { url: 'https://trace.example/wx' } });
    expect(zh.status).toBe(503);
    expect(zh.body.code).toBe('WX_NOT_CONFIGURED');
    expect(zh.body.msg).toContain('未配置微信公众号');
    const en = await call(t.app, 'GET', PATH, { query: { url: 'https://trace.example/wx', lang: 'en_US' } });
    expect(en.body.msg).toContain('WeChat is not configured');
  });

  it('asks for a URL', async () => {
    expect((await call(t.app, 'GET', PATH, { query: {} })).body.code).toBe('PARAM_CHECK');
    expect((await call(t.app, 'GET', PATH, { query: { url: 'not a url' } })).body.code).toBe('PARAM_CHECK');
  });
});

for (const store of ['memory', 'redis'] as const) {
  describe(`getSignature with a WeChat account (${store} cache)`, () => {
    const appId = `wx${randomBytes(8).toString('hex')}`;
    const secret = 'app-secret';
    const wechat = fakeWeChat(appId, secret);
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      await new Promise<void>((resolve) => wechat.server.listen(0, '127.0.0.1', resolve));
      const env = {
        WX_APP_ID: appId,
        WX_APP_SECRET: secret,
        WX_API_BASE: `http://127.0.0.1:${(wechat.server.address() as AddressInfo).port}`,
        ...(store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
      };
      first = await startTestApp(env);
      second = await startTestApp(env);
    }, 60_000);
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await new Promise((resolve) => wechat.server.close(resolve));
    });

    it('signs by the JS-SDK rules with a ticket fetched once, however many pages ask at once', async () => {
      const url = 'https://trace.example/wx?code=ABC#/result';
      const answers = await Promise.all(Array.from({ length: 10 }, () => call<WxSignature>(first.app, 'GET', PATH, { query: { url } })));
      for (const res of answers) {
        expect(res.body.code, res.body.msg).toBe('SUCCESS');
        const { appId: id, timestamp, nonceStr, signature } = res.body.data;
        expect(id).toBe(appId);
        expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
        const expected = createHash('sha1')
          .update(`jsapi_ticket=${wechat.state.ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=https://trace.example/wx?code=ABC`)
          .digest('hex');
        expect(signature).toBe(expected);
      }
      expect(new Set(answers.map((r) => r.body.data.nonceStr)).size).toBe(10);
      expect(wechat.calls).toEqual({ token: 1, ticket: 1 });
    });

    it(store === 'redis' ? 'a second instance uses the ticket in Redis' : 'a second instance keeps its own ticket', async () => {
      const res = await call<WxSignature>(second.app, 'GET', PATH, { query: { url: 'https://trace.example/wx' } });
      expect(res.body.code, res.body.msg).toBe('SUCCESS');
      expect(wechat.calls).toEqual(store === 'redis' ? { token: 1, ticket: 1 } : { token: 2, ticket: 2 });
    });
  });
}

describe('getSignature when WeChat refuses', () => {
  const wechat = fakeWeChat('wx-right', 'right');
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => wechat.server.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      WX_APP_ID: 'wx-wrong',
      WX_APP_SECRET: 'wrong',
      WX_API_BASE: `http://127.0.0.1:${(wechat.server.address() as AddressInfo).port}`,
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => wechat.server.close(resolve));
  });

  it('answers WX_API_FAILED with WeChat’s error', async () => {
    const res = await call(t.app, 'GET', PATH, { query: { url: 'https://trace.example/wx' } });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('WX_API_FAILED');
    expect(res.body.msg).toContain('40013');
  });
});
