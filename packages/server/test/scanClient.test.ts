import { randomInt } from 'node:crypto';
import type { ScanCheckResult } from '@rd/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTypeOf, osOf } from '../src/platform/geo/clientType.js';
import { lookupIp, placeText } from '../src/platform/geo/ipRegion.js';
import { createCompany } from './support/fixtures.js';
import { insertJob, insertRule } from './support/codeFixtures.js';
import { call, startTestApp, type TestApp } from './support/testApp.js';

/** Real user agents as the apps send them: name, agent, client type, OS. */
const USER_AGENTS: Array<[string, string, string, string]> = [
  ["WeChat Android 13 (XWEB)", "Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64", "WECHAT", "Android 13"],
  ["WeChat Android 7 (X5: MQQBrowser + TBS)", "Mozilla/5.0 (Linux; Android 7.1.1; OPPO R11 Build/NMF26X; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/53.0.2785.49 Mobile MQQBrowser/6.2 TBS/043508 Safari/537.36 MicroMessenger/6.5.13.1100 NetType/WIFI Language/zh_CN", "WECHAT", "Android 7.1.1"],
  ["WeChat iOS", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2f) NetType/WIFI Language/zh_CN", "WECHAT", "iOS 17.1"],
  ["WeChat mini-program web-view", "Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.33(0x18002129) NetType/4G Language/zh_CN miniProgram/wx1234567890abcdef", "WECHAT", "iOS 16.3"],
  ["WeCom iOS", "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.10 MicroMessenger/7.0.1 Language/zh ColorScheme/Light", "WXWORK", "iOS 16.6"],
  ["WeCom Android", "Mozilla/5.0 (Linux; Android 12; M2102K1C Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 wxwork/4.1.6 MicroMessenger/7.0.1 NetType/WIFI Language/zh Lang/zh ColorScheme/Light", "WXWORK", "Android 12"],
  ["DingTalk Android", "Mozilla/5.0 (Linux; U; Android 12; zh-CN; PEGM00 Build/SKQ1.210216.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.59 Mobile Safari/537.36 AliApp(DingTalk/7.0.10) com.alibaba.android.rimet/34045224 Channel/700159 language/zh-CN abi/64 Hmos/1 UT4Aplus/0.2.25 colorScheme/light", "DINGTALK", "Android 12"],
  ["DingTalk iOS", "Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.0.0) com.laiwang.DingTalk/27543418 Channel/201200 language/zh-Hans-CN UT4Aplus/0.0.6 WK", "DINGTALK", "iOS 16.1"],
  ["Alipay iOS", "Mozilla/5.0 (iPhone; CPU iPhone OS 15_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.1.0 AliApp(AP/10.2.60.6000) Nebula WK RVKType(0) AlipayDefined(nt:WIFI,ws:390|780|3.0) AlipayClient/10.2.60.6000 Alipay Language/zh-Hans Region/CN", "ALIPAY", "iOS 15.4"],
  ["Alipay Android", "Mozilla/5.0 (Linux; U; Android 11; zh-CN; M2007J3SC Build/RKQ1.200826.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.1.210 Mobile Safari/537.36 AliApp(AP/10.2.66.8000) AlipayClient/10.2.66.8000 Language/zh-Hans useStatusBar/true isConcaveScreen/true Region/CN Ariver/1.0.0", "ALIPAY", "Android 11"],
  ["QQ iOS", "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.63.610 V1_IPH_SQ_8.9.63_1_APP_A Pixel/1170 MiniAppEnable SimpleUISwitch/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.000000 QQTheme/1000 Core/WKWebView Device/Apple(iPhone 12) NetType/WIFI QBWebViewType/1 WKType/1", "QQ", "iOS 16.5"],
  ["QQ Android (X5: MQQBrowser)", "Mozilla/5.0 (Linux; Android 10; ELE-AL00 Build/HUAWEIELE-AL00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/6.2 TBS/046011 Mobile Safari/537.36 V1_AND_SQ_8.8.55_2390_YYB_D A_8085500 QQ/8.8.55.6900 NetType/WIFI WebP/0.3.0 Pixel/1080 StatusBarHeight/81 SimpleUISwitch/0 QQTheme/1000 InMagicWin/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.0", "QQ", "Android 10"],
  ["QQ Browser Android", "Mozilla/5.0 (Linux; U; Android 11; zh-cn; PCAM00 Build/RKQ1.201217.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.2 Mobile Safari/537.36 COVC/046701", "QQ_BROWSER", "Android 11"],
  ["QQ Browser Windows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.71 Safari/537.36 Core/1.94.225.400 QQBrowser/12.2.5544.400", "QQ_BROWSER", "Windows 10"],
  ["Safari iOS", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1", "BROWSER", "iOS 17.2"],
  ["Safari macOS", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15", "BROWSER", "Mac OS 10.15.7"],
  ["Chrome Windows", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36", "BROWSER", "Windows 10"],
  ["Chrome Android", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36", "BROWSER", "Android 14"],
  ["Firefox Linux", "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", "BROWSER", "Linux"],
  ["curl", "curl/8.5.0", "OTHER", ""],
  ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "OTHER", ""],
  ["python-requests", "python-requests/2.31.0", "OTHER", ""],
  ["no user agent", "", "OTHER", ""],
];

/** Public addresses whose ip2region (2.3.0 data) answer was checked: address, country, province, city, area code. */
const ADDRESSES: Array<[string, string, string, string, string]> = [
  ['114.114.114.114', '中国', '江苏省', '南京市', '320000'],
  ['1.2.4.8', '中国', '北京', '北京市', '110000'],
  ['101.226.4.6', '中国', '上海', '上海市', '310000'],
  ['120.24.78.68', '中国', '广东省', '深圳市', '440000'],
  ['223.5.5.5', '中国', '浙江省', '杭州市', '330000'],
  ['61.139.2.69', '中国', '四川省', '成都市', '510000'],
  ['218.30.19.40', '中国', '陕西省', '西安市', '610000'],
  ['202.103.24.68', '中国', '湖北省', '武汉市', '420000'],
  ['211.138.24.66', '中国', '河南省', '郑州市', '410000'],
  ['::ffff:114.114.114.114', '中国', '江苏省', '南京市', '320000'],
  ['240e:47d:c20:1627:30a3:ba0d:a5e6:ec19', '中国', '广东省', '广州市', '440000'],
  ['2408:8756:c52:1aec:0:ff:b013:5a11', '中国', '广东省', '广州市', '440000'],
  ['2400:3200::1', '中国', '浙江省', '杭州市', '330000'],
  ['2409:8900:103f::1', '中国', '北京市', '', '110000'],
  ['8.8.8.8', '美国', '', '', ''],
];

describe('client type and OS from the user agent (DOMAIN.md order)', () => {
  it.each(USER_AGENTS)('%s', (_name, userAgent, clientType, os) => {
    expect(clientTypeOf(userAgent)).toBe(clientType);
    expect(osOf(userAgent)).toBe(os);
  });
});

describe('IP → country, province, city, area code (offline, IPv4 and IPv6)', () => {
  it.each(ADDRESSES)('%s', (ip, country, province, city, areaCode) => {
    expect(lookupIp(ip)).toMatchObject({ country, province, city, areaCode });
  });

  it('private, loopback and link-local addresses are the internal network, not a province', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '100.64.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:192.168.0.9']) {
      expect(lookupIp(ip), ip).toMatchObject({ country: '内网', province: '', city: '', areaCode: '' });
    }
    expect(lookupIp('not an address')).toMatchObject({ country: '', province: '', areaCode: '' });
  });

  it('answers in microseconds', () => {
    lookupIp('114.114.114.114');
    const started = process.hrtime.bigint();
    for (let i = 0; i < 10_000; i++) lookupIp(`${(i % 200) + 20}.${i % 250}.${(i * 7) % 250}.1`);
    const microsEach = Number(process.hrtime.bigint() - started) / 1000 / 10_000;
    expect(microsEach).toBeLessThan(100);
  });

  it('place texts do not repeat a municipality', () => {
    expect(placeText({ country: '中国', province: '北京', city: '北京市' })).toBe('北京市');
    expect(placeText({ country: '中国', province: '江苏省', city: '南京市' })).toBe('江苏省南京市');
    expect(placeText({ country: '美国', province: '', city: '' })).toBe('美国');
  });
});

/** TEST-NET and random addresses, so counters of earlier runs (Redis keeps them a minute) never collide. */
const someIp = () => `${randomInt(11, 99)}.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

async function checkedFrom(t: TestApp, code: string, remote: string, forwarded?: string) {
  const res = await call<ScanCheckResult>(t.app, 'GET', '/acc/api/securityCode/check', {
    query: { code },
    ip: remote,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  });
  expect(res.body.code, res.body.msg).toBe('SUCCESS');
  const row = await t.database.db
    .selectFrom('scan_record')
    .select(['ip', 'area_code'])
    .where('code_text', '=', code)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row;
}

describe('X-Forwarded-For is believed from TRUST_PROXY only', () => {
  let trusting: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    trusting = await startTestApp({ TRUST_PROXY: '10.0.0.0/8', SCAN_RATE_LIMIT_PER_MINUTE: '0' });
    plain = await startTestApp({ SCAN_RATE_LIMIT_PER_MINUTE: '0' });
  }, 60_000);
  afterAll(async () => {
    await trusting?.close();
    await plain?.close();
  });

  it('from a trusted proxy the client address comes from the header; from anyone else the header is ignored', async () => {
    expect(await checkedFrom(trusting, 'XFF-1', '10.0.0.7', '114.114.114.114')).toEqual({ ip: '114.114.114.114', area_code: '320000' });
    // a client cannot forge its place: the socket address is not a trusted proxy
    expect(await checkedFrom(trusting, 'XFF-2', '1.2.4.8', '114.114.114.114')).toEqual({ ip: '1.2.4.8', area_code: '110000' });
    // without TRUST_PROXY no address is trusted, private ones included
    expect(await checkedFrom(plain, 'XFF-3', '10.0.0.7', '114.114.114.114')).toEqual({ ip: '10.0.0.7', area_code: '' });
  });
});

for (const store of ['memory', 'redis'] as const) {
  describe(`rate limits per IP (${store})`, () => {
    let t: TestApp;
    let code: string;
    beforeAll(async () => {
      t = await startTestApp({
        SCAN_RATE_LIMIT_PER_MINUTE: '3',
        SCAN_IMAGE_RATE_LIMIT_PER_MINUTE: '2',
        ...(store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } : {}),
      });
      const company = await createCompany(t.database.db, 'Limited');
      const rule = await insertRule(t.database.db, company);
      code = (await insertJob(t.database.db, { companyId: company, ruleId: rule, count: 1 })).codes[0] as string;
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it('answers TOO_MANY_REQUESTS (translated, with Retry-After) past the limit, per address', async () => {
      const ip = someIp();
      for (let i = 0; i < 3; i++) {
        const ok = await call(t.app, 'GET', '/acc/api/securityCode/check', { query: { code }, ip });
        expect(ok.body.code).toBe('SUCCESS');
      }
      const refused = await call(t.app, 'GET', '/acc/api/securityCode/check', { query: { code }, ip });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.body.msg).toMatch(/^查询过于频繁，请 \d+ 秒后再试$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const english = await call(t.app, 'GET', '/acc/api/securityCode/check', { query: { code, lang: 'en_US' }, ip });
      expect(english.body.msg).toMatch(/^Too many queries, try again in \d+ seconds$/);
      // the other public scan calls share the budget; another address has its own
      expect((await call(t.app, 'GET', '/acc/api/securityCode/queryFarmer', { query: { code }, ip })).status).toBe(429);
      expect((await call(t.app, 'POST', '/acc/api/scanCodeRecord/add', { body: { code }, ip })).status).toBe(429);
      expect((await call(t.app, 'GET', '/acc/api/securityCode/check', { query: { code }, ip: someIp() })).body.code).toBe('SUCCESS');
      // refused checks are not checks: nothing counted, nothing recorded
      const recorded = await t.database.db.selectFrom('scan_record').select('ip').where('code_text', '=', code).where('ip', '=', ip).execute();
      expect(recorded).toHaveLength(3);
    });

    it('images have their own budget', async () => {
      const ip = someIp();
      const url = `/acc/api/securityCode/image/00000000-0000-4000-8000-000000000000?code=${code}`;
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: ip })).statusCode).toBe(429);
    });
  });
}
