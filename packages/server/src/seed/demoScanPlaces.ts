import type { ScanClientTypeValue } from '@rd/contract';

/**
 * Where and with what the demo season's consumers scan: address blocks (/24) that the offline IP database
 * (platform/geo/ipRegion.ts) places in each province, and the user agents of the apps people scan with. A test
 * looks every block and agent up, so a new IP database or client rule that reads them otherwise is noticed.
 */

/** Province area code → /24 blocks (the first three octets) placed in that province. */
export const DEMO_PROVINCE_BLOCKS: Readonly<Record<string, readonly string[]>> = {
  '110000': ['1.45.1', '1.88.1', '1.92.1'], // 北京
  '120000': ['27.0.128', '36.106.1', '111.30.1'], // 天津
  '130000': ['27.128.1', '27.129.128', '27.189.1', '27.190.1'], // 河北
  '310000': ['27.113.128', '36.111.1', '49.52.1'], // 上海
  '320000': ['36.113.1', '36.149.200', '36.151.200'], // 江苏
  '330000': ['36.16.64', '36.16.1', '36.26.1'], // 浙江
  '370000': ['27.193.1', '27.192.1', '27.194.1'], // 山东
  '410000': ['1.192.1', '1.193.1'], // 河南
  '420000': ['27.16.128', '27.21.1'], // 湖北
  '440000': ['1.2.64', '14.16.1', '14.17.64'], // 广东
  '510000': ['36.111.64', '60.247.128'], // 四川
  '500000': ['14.104.1', '27.8.1'], // 重庆
  '210000': ['36.129.1', '36.128.128'], // 辽宁
  '610000': ['1.80.1'], // 陕西
  '430000': ['36.111.200'], // 湖南
  '350000': ['27.150.1', '1.0.1'], // 福建
};

/** User agents by the client type the check reads from them (platform/geo/clientType.ts), with how often each is seen. */
export const DEMO_USER_AGENTS: ReadonlyArray<{ clientType: ScanClientTypeValue; weight: number; userAgent: string }> = [
  {
    clientType: 'WECHAT',
    weight: 30,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003129) NetType/WIFI Language/zh_CN',
  },
  {
    clientType: 'WECHAT',
    weight: 25,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20240301 MicroMessenger/8.0.48.2580(0x28003036) WeChat/arm64 Weixin NetType/5G Language/zh_CN ABI/arm64',
  },
  {
    clientType: 'ALIPAY',
    weight: 14,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Ariver/1.1.0 AliApp(AP/10.5.86.6000) Nebula WK RVKType(0) AlipayDefined(nt:WIFI,ws:390|844|3.0) AlipayClient/10.5.86.6000 Language/zh-Hans Region/CN NebulaX/1.0.0',
  },
  {
    clientType: 'DINGTALK',
    weight: 3,
    userAgent:
      'Mozilla/5.0 (Linux; U; Android 13; zh-CN; PGT-AN10 Build/HONORPGT-AN10) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.59 Mobile Safari/537.36 AliApp(DingTalk/7.5.10) com.alibaba.android.rimet/34512470 Channel/227200 language/zh-CN abi/64bit',
  },
  {
    clientType: 'WXWORK',
    weight: 3,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh ColorScheme/Light',
  },
  {
    clientType: 'QQ',
    weight: 5,
    userAgent:
      'Mozilla/5.0 (Linux; Android 12; M2102K1C Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/6.2 TBS/046613 Mobile Safari/537.36 V1_AND_SQ_8.9.68_4264_YYB_D QQ/8.9.68.11565 NetType/WIFI WebP/0.3.0',
  },
  {
    clientType: 'QQ_BROWSER',
    weight: 5,
    userAgent:
      'Mozilla/5.0 (Linux; U; Android 13; zh-cn; 22081212C Build/TKQ1.220829.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.2 Mobile Safari/537.36 COVC/046517',
  },
  {
    clientType: 'BROWSER',
    weight: 9,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
  {
    clientType: 'BROWSER',
    weight: 6,
    userAgent:
      'Mozilla/5.0 (Linux; Android 10; HarmonyOS; NOH-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36',
  },
];
