import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Posts a subscription's EPCIS document to the subscriber's address (a webhook). Where a deployment refuses
 * private addresses, the address is checked when the connection is made, on the address it actually
 * resolves to, so neither a private literal nor a name that resolves (or later re-resolves) to one reaches
 * the server's own network.
 */

/** Addresses that are not the public internet: loopback, private, link-local, shared, multicast, reserved. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? PRIVATE.check(mapped[1]!, 'ipv4') : PRIVATE.check(address, 'ipv6');
}

export class WebhookAddressRefused extends Error {
  constructor(readonly reason: 'scheme' | 'private' | 'self') {
    super(`webhook address refused: ${reason}`);
  }
}

export interface WebhookPolicy {
  privateAddresses: 'refuse' | 'allow';
  /** The server's own public address: never a subscriber. */
  ownBase: string;
}

/** Refuses an address the policy does not let the server post to, before any connection. */
export function checkWebhookAddress(dest: string, policy: WebhookPolicy): URL {
  const url = new URL(dest);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.privateAddresses === 'allow')) throw new WebhookAddressRefused('scheme');
  if (url.username || url.password) throw new WebhookAddressRefused('scheme');
  if (url.origin === new URL(policy.ownBase).origin) throw new WebhookAddressRefused('self');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (policy.privateAddresses === 'refuse' && (isIP(host) ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) throw new WebhookAddressRefused('private');
  return url;
}

/** A DNS lookup that fails on private addresses: the check at connection time. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused || list.length === 0) return callback(new WebhookAddressRefused('private'), '', 0);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/** The signature of a delivery: HMAC-SHA256 of the exact body with the subscriber's token, hex. */
export function webhookSignature(body: string, token: string): string {
  return `sha256=${createHmac('sha256', token).update(body, 'utf8').digest('hex')}`;
}

export interface WebhookResult {
  ok: boolean;
  status: number;
  error?: string;
}

const TIMEOUT_MS = 10_000;

/** Posts `body` (JSON) to `dest`: ok when the subscriber answers 2xx within the time allowed. */
export function postWebhook(dest: string, body: string, headers: Record<string, string>, policy: WebhookPolicy): Promise<WebhookResult> {
  let url: URL;
  try {
    url = checkWebhookAddress(dest, policy);
  } catch (error) {
    return Promise.resolve({ ok: false, status: 0, error: (error as Error).message });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...headers },
        timeout: TIMEOUT_MS,
        ...(policy.privateAddresses === 'refuse' ? { lookup: publicLookup } : {}),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        response.on('end', () => resolve({ ok: status >= 200 && status < 300, status, ...(status >= 300 ? { error: `HTTP ${status}` } : {}) }));
        response.on('error', (error) => resolve({ ok: false, status, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve({ ok: false, status: 0, error: error.message }));
    request.end(body);
  });
}
