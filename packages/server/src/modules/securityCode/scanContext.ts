import type { ScanClientTypeValue, ScanPlace } from '@rd/contract';
import type { FastifyRequest } from 'fastify';
import { clientTypeOf, osOf } from '../../platform/geo/clientType.js';
import { INTERNAL_NETWORK, lookupIp } from '../../platform/geo/ipRegion.js';

/** User agents are kept up to this length; longer ones are cut (they are attacker-controlled text). */
const USER_AGENT_MAX = 512;

/** Who scanned, from where, with what: written on every scan record. */
export interface ScanContext {
  place: ScanPlace;
  /** The unit of the "several provinces" rule: area code, else the country abroad, else ''. */
  regionKey: string;
  clientType: ScanClientTypeValue;
  os: string;
  userAgent: string;
}

export function scanContextOf(ip: string, rawUserAgent: string): ScanContext {
  const userAgent = rawUserAgent.slice(0, USER_AGENT_MAX);
  const place = lookupIp(ip);
  const abroad = place.country !== '' && place.country !== INTERNAL_NETWORK && place.country !== '中国';
  return {
    place,
    regionKey: place.areaCode || (abroad ? place.country : ''),
    clientType: clientTypeOf(userAgent),
    os: osOf(userAgent),
    userAgent,
  };
}

/** request.ip believes X-Forwarded-For only from TRUST_PROXY (Fastify's trustProxy, set in app.ts). */
export function requestScanContext(request: FastifyRequest): ScanContext {
  const ua = request.headers['user-agent'];
  return scanContextOf(request.ip, typeof ua === 'string' ? ua : '');
}
