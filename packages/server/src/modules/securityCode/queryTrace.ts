import { listSeparator, normaliseScannedCode, SCAN_CODE_MAX, type Lang, type TraceStep } from '@rd/contract';
import { areaName } from '@rd/contract/areas';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { epcMatchKey } from '../epcis/epcMatch.js';
import { codeUrl } from '../rule/codeMaker.js';
import { hiddenCodeMatches } from './hiddenCodeCheck.js';

/**
 * The consumer's short trace of a code, read from the company's EPCIS events about it: made (with its batch),
 * packed, shipped to a region, received there, returned. Only for a code in force and, where its rule prints
 * a hidden code, with the right digits; anything else answers no steps, alike. The region is the receiving
 * dealer's sales area in words; the dealer's name only when the company lets the trace show it.
 */

/** Steps shown at most: a code's life in the portal is a handful of events. */
const STEPS_MAX = 12;
const AREAS_SHOWN = 3;

interface EventRow {
  event_type: string;
  action: string | null;
  biz_step: string | null;
  disposition: string | null;
  event_time: Date;
  lot: string | null;
  destination: string | null;
  source: string | null;
}

function stepOf(row: EventRow): TraceStep['step'] | null {
  if (row.biz_step === 'commissioning' && row.action === 'ADD') return 'MADE';
  if (row.event_type === 'AggregationEvent' && row.action === 'ADD') return 'PACKED';
  if (row.biz_step === 'shipping') return 'SHIPPED';
  if (row.biz_step === 'receiving') return row.disposition === 'returned' ? 'RETURNED' : 'RECEIVED';
  return null;
}

export async function queryTrace(db: Kysely<DB>, epcBase: string, rawCode: string, hiddenCode: string | undefined, lang: Lang): Promise<TraceStep[]> {
  const code = normaliseScannedCode(rawCode).slice(0, SCAN_CODE_MAX);
  const found = await sql<{ company_id: string; hidden_length: number; url_form: 'SCAN' | 'GS1'; gtin: string | null; batch_no: string | null; secret: Uint8Array | null }>`
    SELECT c.company_id, r.hidden_length, r.url_form, p.gtin, b.batch_no,
           CASE WHEN r.hidden_length > 0 THEN (SELECT cs.secret FROM company_secret cs WHERE cs.company_id = c.company_id) END AS secret
      FROM code c
      JOIN tag_rule r ON r.id = c.rule_id
      JOIN code_record j ON j.id = c.record_id
      LEFT JOIN product p ON p.id = j.product_id
      LEFT JOIN product_batch b ON b.id = j.batch_id
     WHERE c.code = ${code} AND c.status = 'ACTIVATED'`.execute(db);
  const row = found.rows[0];
  if (!row) return [];
  if (row.hidden_length > 0 && (!hiddenCode || !row.secret || !hiddenCodeMatches(row.secret, code, row.hidden_length, hiddenCode.trim()))) return [];
  const epc = codeUrl(epcBase, code, { urlForm: row.url_form, gtin: row.gtin, batchNo: row.batch_no });
  const events = await sql<EventRow>`
    SELECT e.event_type, e.action, e.biz_step, e.disposition, e.event_time,
           e.body->'ilmd'->>'cbvmda:lotNumber' AS lot,
           e.body->'destinationList'->0->>'destination' AS destination,
           e.body->'sourceList'->0->>'source' AS source
      FROM epcis_event_epc x
      JOIN epcis_event e ON e.id = x.event_pk
     WHERE x.epc = ANY(${sql.val([...new Set([epcMatchKey(epc), epc])])}::text[]) AND x.role = 'E' AND e.company_id = ${row.company_id} AND e.origin = 'PORTAL'
     ORDER BY e.event_time, e.id
     LIMIT ${STEPS_MAX * 2}`.execute(db);

  // dealers are named in events by URI: …/party/{company}/dealer/{code}
  const prefix = `${epcBase}/party/${row.company_id}/dealer/`;
  const dealerCodes = new Set<string>();
  for (const e of events.rows) {
    for (const uri of [e.destination, e.source]) if (uri?.startsWith(prefix)) dealerCodes.add(decodeURIComponent(uri.slice(prefix.length)));
  }
  const dealers = new Map(
    dealerCodes.size === 0
      ? []
      : (
          await db
            .selectFrom('dealer')
            .select(['code', 'name', 'name_public', 'area_codes'])
            .where('company_id', '=', row.company_id)
            .where('code', 'in', [...dealerCodes])
            .execute()
        ).map((d) => [d.code, d]),
  );
  const dealerOf = (uri: string | null) => (uri?.startsWith(prefix) ? dealers.get(decodeURIComponent(uri.slice(prefix.length))) : undefined);
  const separator = listSeparator(lang);

  const steps: TraceStep[] = [];
  for (const e of events.rows) {
    const step = stepOf(e);
    if (!step) continue;
    const out: TraceStep = { step, at: new Date(e.event_time).toISOString() };
    if (step === 'MADE' && e.lot) out.lot = e.lot;
    const dealer = dealerOf(step === 'RETURNED' ? e.source : e.destination);
    if (dealer) {
      const areas = dealer.area_codes.slice(0, AREAS_SHOWN).map((c) => areaName(c, lang));
      out.region = areas.join(separator) + (dealer.area_codes.length > AREAS_SHOWN ? (lang === 'zh_CN' ? '等' : ' …') : '');
      if (dealer.name_public) out.dealer = dealer.name;
    }
    // a repeated step (a code packed twice, shipped again after a return) is shown each time
    steps.push(out);
    if (steps.length === STEPS_MAX) break;
  }
  return steps;
}
