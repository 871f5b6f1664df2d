import type { ScanClientTypeValue } from '@rd/contract';
import { UAParser } from 'ua-parser-js';

/**
 * The app a scan came from, by its user agent, tested in the order of DOMAIN.md: WeCom's agent also says
 * MicroMessenger, Android WeChat also says MQQBrowser, DingTalk sits inside AliApp(...), so the more
 * specific app must be tested first.
 */
const CLIENT_RULES: Array<[RegExp, ScanClientTypeValue]> = [
  [/wxwork\//i, 'WXWORK'],
  [/MicroMessenger\//i, 'WECHAT'],
  [/DingTalk\//i, 'DINGTALK'],
  [/AlipayClient\//i, 'ALIPAY'],
  [/\bQQ\//, 'QQ'],
  [/MQQBrowser|QQBrowser/i, 'QQ_BROWSER'],
];

/** Browsers all write Mozilla/… with an engine; tools (curl, wget, HTTP libraries, bots) do not. */
const BROWSER = /^Mozilla\/\d/;
const NOT_A_BROWSER = /bot\b|spider|crawler|curl|wget|python|java\/|okhttp|go-http/i;

export function clientTypeOf(userAgent: string): ScanClientTypeValue {
  for (const [pattern, type] of CLIENT_RULES) if (pattern.test(userAgent)) return type;
  return BROWSER.test(userAgent) && !NOT_A_BROWSER.test(userAgent) ? 'BROWSER' : 'OTHER';
}

/**
 * Operating systems of the user agents seen lately. Parsing runs a long list of patterns; scans come from
 * far fewer distinct agents (one phone model and app version) than scans, so most are answered from here.
 * Bounded: the oldest agent goes first once it is full.
 */
const osByAgent = new Map<string, string>();
const OS_CACHE_ENTRIES = 2_000;

/** "iOS 17.1", "Android 14", "Windows 10"; '' when the agent does not say. */
export function osOf(userAgent: string): string {
  if (!userAgent) return '';
  const known = osByAgent.get(userAgent);
  if (known !== undefined) return known;
  const os = new UAParser(userAgent).getOS();
  const text = !os.name ? '' : os.version ? `${os.name} ${os.version}` : os.name;
  if (osByAgent.size >= OS_CACHE_ENTRIES) osByAgent.delete(osByAgent.keys().next().value as string);
  osByAgent.set(userAgent, text);
  return text;
}
