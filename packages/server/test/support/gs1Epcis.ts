import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PERMISSIONS, type ApiKeyCreated } from '@rd/contract';
import { eventHashId } from '../../src/modules/epcis/eventHash.js';
import type { App } from '../../src/platform/context.js';
import { call } from './testApp.js';

/** GS1's own EPCIS 2.0 material, kept in test/fixtures/gs1-epcis (see its README for where it comes from). */
export const GS1_EPCIS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gs1-epcis');

export type EpcisJson = Record<string, unknown>;

export interface Gs1Example {
  /** Its path under JSON/, e.g. WithSensorData/SensorDataExample8.jsonld */
  name: string;
  document: EpcisJson;
}

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** Every example EPCISDocument of GS1's JSON/ folder (its one query answer left out), in path order. */
export function gs1JsonExamples(): Gs1Example[] {
  const root = path.join(GS1_EPCIS_DIR, 'JSON');
  return walk(root)
    .filter((file) => file.endsWith('.jsonld'))
    .map((file) => ({ name: path.relative(root, file), document: JSON.parse(fs.readFileSync(file, 'utf8')) as EpcisJson }))
    .filter((example) => example.document['type'] === 'EPCISDocument');
}

/** The events of a document, each with the eventID the repository gives it (its own, else its hash). */
export function eventsWithIds(document: EpcisJson): EpcisJson[] {
  const body = document['epcisBody'] as { eventList: EpcisJson[] };
  return body.eventList.map((event) => (typeof event['eventID'] === 'string' ? event : { ...event, eventID: eventHashId(event, document['@context']) }));
}

/** An API key of the signed-in user's company that may query and capture events, as a partner holds one. */
export async function partnerKey(app: App, token: string): Promise<string> {
  const res = await call<ApiKeyCreated>(app, 'POST', '/acc/api/apiKey/add', {
    token,
    body: { name: 'partner', permissions: [PERMISSIONS.epcisEventList, PERMISSIONS.epcisCapture] },
  });
  if (res.body.code !== 'SUCCESS') throw new Error(`the key was refused: ${res.body.msg}`);
  return res.body.data.key;
}
