import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { provinceCode, type ScanPlace } from '@rd/contract';
import { INTERNAL_NETWORK } from '@rd/contract/places';

/**
 * Where an IP address is, from the offline database shipped in the `ip2region` package (IPv4 and IPv6):
 * country, province, city, ISP, plus the province's 6-digit area code (statistics key on the code, since
 * the database writes 广东省 but 北京 without 市). Both files (about 11 MB) are read into memory once, at
 * first use; a lookup is a binary search in a buffer, a few microseconds, with no I/O.
 *
 * Private, loopback and link-local addresses are not looked up: they answer country `内网` (internal
 * network; the portal shows Intranet in English) and nothing else, so scans from inside the company's own
 * network never count for a province.
 */
export { INTERNAL_NETWORK };

interface Ip2RegionResult {
  country: string;
  province: string;
  city: string;
  isp: string;
}
interface Ip2Region {
  search(ip: string): Ip2RegionResult | null;
}

/**
 * Private, loopback, link-local, CGNAT and "this network" IPv4 ranges, as [first octet, second-octet mask,
 * second-octet value]. Compared by hand: node's BlockList builds an address object on every check, and
 * this runs on every scan.
 */
const INTERNAL_V4: Array<[number, number, number]> = [
  [10, 0, 0],
  [127, 0, 0],
  [0, 0, 0],
  [172, 0xf0, 16],
  [192, 0xff, 168],
  [169, 0xff, 254],
  [100, 0xc0, 64],
];

function isInternal(ip: string, family: number): boolean {
  if (family === 4) {
    const dot = ip.indexOf('.');
    const first = Number(ip.slice(0, dot));
    const second = Number(ip.slice(dot + 1, ip.indexOf('.', dot + 1)));
    return INTERNAL_V4.some(([a, mask, value]) => first === a && (second & mask) === value);
  }
  const lower = ip.toLowerCase();
  // ::1 and ::, unique local fc00::/7, link-local fe80::/10
  return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

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
  if (isInternal(ip, family)) return { ...place, country: INTERNAL_NETWORK };
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
