import { sql, type Transaction } from 'kysely';
import type { DB, EpcRole, EpcisEventType } from '../../platform/db/schema.js';
import { epcMatchKey } from './epcMatch.js';
import { declaredNamespaces, eventFields, type EventField } from './eventFields.js';
import { contextPrefixes } from './eventHash.js';
import { cbvBare } from './vocabulary.js';

/**
 * Appends events to the company's EPCIS repository in the caller's transaction: the event rows in one
 * statement and the identifiers they name in another, however many there are. An event whose eventID the
 * company has already is skipped (a recaptured document does not double its events); answers how many
 * were new.
 */

type EventJson = Record<string, unknown>;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function idOf(value: unknown): string | null {
  return value && typeof value === 'object' ? text((value as EventJson)['id']) : null;
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function classes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => (item && typeof item === 'object' && typeof (item as EventJson)['epcClass'] === 'string' ? [(item as EventJson)['epcClass'] as string] : []));
}

/**
 * The identifiers and EPC classes an event names, with their role, for the MATCH_ parameters; each under
 * its key (epcMatch.ts), so that any spelling of a GS1 identifier finds it.
 */
export function eventEpcs(event: EventJson): Array<{ role: EpcRole; epc: string }> {
  const out: Array<{ role: EpcRole; epc: string }> = [];
  const add = (role: EpcRole, values: string[]) => {
    for (const epc of values) out.push({ role, epc: epcMatchKey(epc) });
  };
  add('E', [...list(event['epcList']), ...list(event['childEPCs'])]);
  const parent = text(event['parentID']);
  if (parent) add('P', [parent]);
  add('I', list(event['inputEPCList']));
  add('O', list(event['outputEPCList']));
  add('e', [...classes(event['quantityList']), ...classes(event['childQuantityList'])]);
  add('i', classes(event['inputQuantityList']));
  add('o', classes(event['outputQuantityList']));
  return out;
}

export interface AppendOptions {
  companyId: string;
  origin: 'PORTAL' | 'CAPTURE';
  captureId?: string | null;
  /** The JSON-LD context of the document the events came in: the namespaces of their extension fields. */
  context?: unknown;
}

export async function appendEvents(tx: Transaction<DB>, options: AppendOptions, events: readonly EventJson[]): Promise<number> {
  if (events.length === 0) return 0;
  const columns = {
    eventId: [] as string[],
    type: [] as string[],
    action: [] as Array<string | null>,
    bizStep: [] as Array<string | null>,
    disposition: [] as Array<string | null>,
    readPoint: [] as Array<string | null>,
    bizLocation: [] as Array<string | null>,
    eventTime: [] as string[],
    body: [] as string[],
  };
  for (const event of events) {
    const { recordTime: _recordTime, ...body } = event;
    const bizStep = text(event['bizStep']);
    const disposition = text(event['disposition']);
    columns.eventId.push(String(event['eventID']));
    columns.type.push(String(event['type']) as EpcisEventType);
    columns.action.push(text(event['action']));
    columns.bizStep.push(bizStep && cbvBare('bizStep', bizStep));
    columns.disposition.push(disposition && cbvBare('disposition', disposition));
    columns.readPoint.push(idOf(event['readPoint']));
    columns.bizLocation.push(idOf(event['bizLocation']));
    columns.eventTime.push(String(event['eventTime']));
    columns.body.push(JSON.stringify(body));
  }
  // the append's place in the feed subscriptions read is fixed when the transaction commits (migration 0041)
  const append = await sql<{ id: string }>`INSERT INTO epcis_append (company_id) VALUES (${options.companyId}) RETURNING id::text AS id`.execute(tx);
  const appendId = append.rows[0]!.id;
  const inserted = await sql<{ id: string; event_id: string }>`
    INSERT INTO epcis_event (company_id, event_id, event_type, action, biz_step, disposition, read_point, biz_location, event_time, body, origin, capture_id, append_id)
    SELECT ${options.companyId}, e.event_id, e.event_type, e.action, e.biz_step, e.disposition, e.read_point, e.biz_location,
           e.event_time::timestamptz, e.body::jsonb, ${options.origin}, ${options.captureId ?? null}::bigint, ${appendId}::bigint
      FROM unnest(${sql.val(columns.eventId)}::text[], ${sql.val(columns.type)}::text[], ${sql.val(columns.action)}::text[],
                  ${sql.val(columns.bizStep)}::text[], ${sql.val(columns.disposition)}::text[], ${sql.val(columns.readPoint)}::text[],
                  ${sql.val(columns.bizLocation)}::text[], ${sql.val(columns.eventTime)}::text[], ${sql.val(columns.body)}::text[])
           AS e(event_id, event_type, action, biz_step, disposition, read_point, biz_location, event_time, body)
    ON CONFLICT (company_id, event_id) DO NOTHING
    RETURNING id::text AS id, event_id`.execute(tx);
  if (inserted.rows.length === 0) return 0;
  const pkOf = new Map(inserted.rows.map((r) => [r.event_id, r.id]));
  const stored: Array<{ pk: string; event: EventJson }> = [];
  for (const event of events) {
    const pk = pkOf.get(String(event['eventID']));
    if (pk === undefined) continue;
    pkOf.delete(String(event['eventID'])); // the same event twice in one call is stored once
    stored.push({ pk, event });
  }
  const pks: string[] = [];
  const roles: string[] = [];
  const epcs: string[] = [];
  for (const { pk, event } of stored) {
    for (const { role, epc } of eventEpcs(event)) {
      pks.push(pk);
      roles.push(role);
      epcs.push(epc);
    }
  }
  if (epcs.length > 0) {
    await sql`
      INSERT INTO epcis_event_epc (event_pk, role, epc)
      SELECT * FROM unnest(${sql.val(pks)}::bigint[], ${sql.val(roles)}::"char"[], ${sql.val(epcs)}::text[])`.execute(tx);
  }
  await appendFields(tx, options, stored);
  return inserted.rows.length;
}

/** The query-able values of the stored events, and the namespaces their document declared. */
async function appendFields(tx: Transaction<DB>, options: AppendOptions, stored: ReadonlyArray<{ pk: string; event: EventJson }>) {
  const prefixes = contextPrefixes(options.context);
  await insertEventFields(tx, stored.map(({ pk, event }) => ({ pk, fields: eventFields(event, prefixes) })));
  const namespaces = declaredNamespaces(options.context);
  if (namespaces.length > 0) {
    await sql`
      INSERT INTO epcis_namespace (company_id, prefix, namespace)
      SELECT ${options.companyId}, * FROM unnest(${sql.val(namespaces.map((n) => n.prefix))}::text[], ${sql.val(namespaces.map((n) => n.namespace))}::text[])
      ON CONFLICT DO NOTHING`.execute(tx);
  }
}

/** The field rows of stored events, as eventFields.ts reads them. */
export async function insertEventFields(tx: Transaction<DB>, stored: ReadonlyArray<{ pk: string; fields: readonly EventField[] }>) {
  const columns = { pk: [] as string[], name: [] as string[], text: [] as Array<string | null>, num: [] as Array<number | null>, time: [] as Array<string | null> };
  for (const { pk, fields } of stored) {
    for (const field of fields) {
      columns.pk.push(pk);
      columns.name.push(field.name);
      columns.text.push(field.text);
      columns.num.push(field.num);
      columns.time.push(field.time);
    }
  }
  if (columns.pk.length > 0) {
    await sql`
      INSERT INTO epcis_event_field (event_pk, name, text_value, num_value, time_value)
      SELECT * FROM unnest(${sql.val(columns.pk)}::bigint[], ${sql.val(columns.name)}::text[], ${sql.val(columns.text)}::text[],
                           ${sql.val(columns.num)}::float8[], ${sql.val(columns.time)}::timestamptz[])`.execute(tx);
  }
}
