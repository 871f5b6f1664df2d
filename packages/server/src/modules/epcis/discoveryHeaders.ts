import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/appError.js';
import { SERVER_ROOT } from '../../platform/serverRoot.js';

/**
 * The versions the EPCIS 2.0 REST interface speaks, as the binding's headers say them: on every answer
 * (GS1-EPCIS-Version, GS1-CBV-Version), in the OPTIONS discovery of a resource (the same with their
 * -Min/-Max, the vendor's version and what the resource adds), and when a request names a version.
 */

/**
 * The value of a request header that names one of `choices` (in any case), or undefined without the header;
 * any other value is refused with EPCIS_HEADER_INVALID, naming the choices.
 */
export function headerChoice<T extends string>(raw: string | string[] | undefined, header: string, choices: readonly T[]): T | undefined {
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(', ') : raw).trim();
  const choice = choices.find((c) => c.toLowerCase() === value.toLowerCase());
  if (!choice) throw new AppError('EPCIS_HEADER_INVALID', { header, value: value.slice(0, 40) || '""', values: choices.join(', ') });
  return choice;
}

export const EPCIS_VERSION = '2.0.0';
export const CBV_VERSION = '2.0.0';
/** What a request may name in GS1-EPCIS-Version / GS1-CBV-Version: 2.0 and its patch releases. */
const SUPPORTED_VERSION = /^2\.0(\.\d+)?$/;

/** The portal's own version (the server package's), free in form as the binding allows. */
export const VENDOR_VERSION = `rd-trace-${(JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }).version}`;

/** GS1-EPCIS-Version and GS1-CBV-Version on an answer: every answer of the EPCIS interface carries them. */
export function setEpcisVersionHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('GS1-EPCIS-Version', EPCIS_VERSION).header('GS1-CBV-Version', CBV_VERSION);
}

/**
 * Refuses a request whose GS1-EPCIS-Version or GS1-CBV-Version names a version other than 2.0.x: the
 * binding's 406 (what the caller asks for cannot be answered), naming the header. Without them a request
 * is taken as 2.0.
 */
export function assertEpcisVersions(request: FastifyRequest): void {
  for (const [header, supported] of [
    ['GS1-EPCIS-Version', `EPCIS ${EPCIS_VERSION}`],
    ['GS1-CBV-Version', `CBV ${CBV_VERSION}`],
  ] as const) {
    const raw = request.headers[header.toLowerCase()];
    if (raw === undefined) continue;
    const value = (Array.isArray(raw) ? raw.join(', ') : raw).trim();
    if (!SUPPORTED_VERSION.test(value)) {
      throw new AppError('EPCIS_VERSION_UNSUPPORTED', { header, value: value.slice(0, 40) || '""', supported });
    }
  }
}

/**
 * The OPTIONS answer of an EPCIS resource (the binding's 204 discovery responses): 204 with Allow (the
 * resource's methods), the versions the interface speaks, the lowest and highest it takes, the vendor's
 * version, and the resource's own headers (the capture limits, say).
 */
export function sendDiscovery(reply: FastifyReply, allow: readonly string[], extra: Record<string, string | number> = {}) {
  setEpcisVersionHeaders(reply)
    .header('Allow', allow.join(', '))
    .header('GS1-EPCIS-Min', EPCIS_VERSION)
    .header('GS1-EPCIS-Max', EPCIS_VERSION)
    .header('GS1-CBV-Min', CBV_VERSION)
    .header('GS1-CBV-Max', CBV_VERSION)
    .header('GS1-Vendor-Version', VENDOR_VERSION);
  for (const [name, value] of Object.entries(extra)) reply.header(name, String(value));
  return reply.code(204).send();
}
