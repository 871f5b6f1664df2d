import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { provinceCode, type ScanPlace } from '@rd/contract';

/**
 * Where an IP address is, from the offline database shipped in the `ip2region` package (IPv4 and IPv6):
 * country, province, city, ISP, plus the province's 6-digit area code (statistics key on the code, since
 * the database writes 广东省 but 北京 without 市). Both files (about 11 MB) are read into memory once, at
 * first use; a lookup is a binary search in a buffer, a few microseconds, with no I/O.
 *
 * Private, loopback and link-local addresses are not looked up: they answer country `内网` (internal
 * network) and nothing else, so scans from inside the company's own network never count for a province.
 */
export const INTERNAL_NETWORK = '内网';

interface Ip2RegionResult {
  country: string;
  province: string;
  city: string;
  isp: string;
}
interface Ip2Region {
  search(ip: string): Ip2RegionResult | null;
}

const INTERNAL = new BlockList();
INTERNAL.addSubnet('10.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('172.16.0.0', 12, 'ipv4');
INTERNAL.addSubnet('192.168.0.0', 16, 'ipv4');
INTERNAL.addSubnet('127.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('169.254.0.0', 16, 'ipv4');
INTERNAL.addSubnet('100.64.0.0', 10, 'ipv4'); // carrier-grade NAT
INTERNAL.addSubnet('0.0.0.0', 8, 'ipv4');
INTERNAL.addAddress('::1', 'ipv6');
INTERNAL.addAddress('::', 'ipv6');
INTERNAL.addSubnet('fc00::', 7, 'ipv6'); // unique local
INTERNAL.addSubnet('fe80::', 10, 'ipv6'); // link-local

let database: Ip2Region | null = null;

function loadDatabase(): Ip2Region {
  if (!database) {
    // A CommonJS package whose class is its `default` export.
    const require = createRequire(import.meta.url);
    const Ctor = (require('ip2region') as { default: new () => Ip2Region }).default;
    database = new Ctor();
  }
  return database;
}

/** Reads the database now (at server start) instead of on the first scan. */
export function preloadIpRegion(): void {
  loadDatabase();
}

/** An address as it can be looked up: IPv4-mapped IPv6 (::ffff:1.2.3.4) written as IPv4. */
export function plainIp(ip: string): string {
  const text = ip.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  return mapped ? (mapped[1] as string) : text;
}

const clean = (value: string | undefined) => (value && value !== '0' ? value : '');

/** The place of an address; every field '' when the address is not one or the database does not know it. */
export function lookupIp(rawIp: string): ScanPlace {
  const ip = plainIp(rawIp);
  const family = isIP(ip);
  const place: ScanPlace = { ip, country: '', province: '', city: '', isp: '', areaCode: '' };
  if (family === 0) return place;
  if (INTERNAL.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return { ...place, country: INTERNAL_NETWORK };
  let found: Ip2RegionResult | null;
  try {
    found = loadDatabase().search(ip);
  } catch {
    // the IPv6 reader throws on some reserved ranges; an unknown place is the honest answer
    found = null;
  }
  if (!found) return place;
  const province = clean(found.province);
  return {
    ip,
    country: clean(found.country),
    province,
    city: clean(found.city),
    isp: clean(found.isp),
    areaCode: provinceCode(province),
  };
}

/** "江苏省南京市", "北京市" (not "北京北京市"), "美国"; '' when nothing is known. */
export function placeText(place: { country: string; province: string; city: string }): string {
  if (!place.province && !place.city) return place.country;
  if (place.city.startsWith(place.province)) return place.city || place.province;
  return `${place.province}${place.city}`;
}
