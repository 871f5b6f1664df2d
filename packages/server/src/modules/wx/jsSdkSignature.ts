import { createHash } from 'node:crypto';

/**
 * The WeChat JS-SDK signature: sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in that
 * sorted order, raw values, the URL without its #fragment), in hex.
 */
export function jsSdkSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const url = input.url.split('#')[0] as string;
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
  return createHash('sha1').update(text, 'utf8').digest('hex');
}
