import type { EpcisEventQuery } from '../../../api/supplyChain';
import type { QueryParameters } from '../../../api/epcisQueries';

/**
 * The events screen's filters three ways: the search form's values, the parameters GET /events is sent, and
 * a saved query's SimpleEventQuery parameters (the binding's JSON: lists of values). A saved query made
 * from the form runs exactly as the search did.
 */

export const EVENT_TYPES = ['ObjectEvent', 'AggregationEvent', 'TransactionEvent', 'TransformationEvent', 'AssociationEvent'] as const;
export const BIZ_STEPS = ['commissioning', 'decommissioning', 'packing', 'unpacking', 'shipping', 'receiving'] as const;
export const ACTIONS = ['ADD', 'OBSERVE', 'DELETE'] as const;

/** A query's name, as the server takes it. */
export { QUERY_NAME, QUERY_NAME_MAX } from '@rd/contract';

export interface FilterFormValues {
  eventType?: string;
  bizStep?: string;
  action?: string;
  epc?: string;
}

export type EventFilters = Omit<EpcisEventQuery, 'perPage' | 'nextPageToken'>;

/** The form field each parameter comes from. */
const FORM_FIELDS: Record<keyof EventFilters, keyof FilterFormValues> = {
  eventType: 'eventType',
  EQ_bizStep: 'bizStep',
  EQ_action: 'action',
  MATCH_anyEPC: 'epc',
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The form's values as the search sends them (blank fields left out). */
export function filtersOf(values: FilterFormValues): EventFilters {
  const filters: EventFilters = {};
  for (const [parameter, field] of Object.entries(FORM_FIELDS) as Array<[keyof EventFilters, keyof FilterFormValues]>) {
    const value = text(values[field]);
    if (value !== undefined) filters[parameter] = value;
  }
  return filters;
}

/** The search's parameters as a saved query keeps them: each one a list, as the binding writes them. */
export function savedQueryOf(filters: EventFilters): QueryParameters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined).map(([k, v]) => [k, [v]]));
}

/** A parameter's values as a list of texts (a value, a list, or values joined by |). */
export function parameterValues(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((v) => (typeof v === 'string' ? v.split('|') : v === null || v === undefined ? [] : [typeof v === 'object' ? JSON.stringify(v) : String(v as number | boolean)]));
}

/**
 * The form's values a saved query stands for, or null when it asks for more than the form can say (several
 * values, other parameters: a query saved by a partner's system).
 */
export function formValuesOf(query: QueryParameters): FilterFormValues | null {
  const values: FilterFormValues = {};
  for (const [parameter, value] of Object.entries(query)) {
    if (parameter === '@context') continue;
    const field = FORM_FIELDS[parameter as keyof EventFilters] as keyof FilterFormValues | undefined;
    const list = parameterValues(value);
    if (!field || list.length !== 1) return null;
    values[field] = list[0];
  }
  return values;
}

/** A CBV value written bare, as a URI or as an old URN: its bare word (shipping). */
export function bareCbvValue(value: string): string {
  return value.replace(/^https:\/\/ref\.gs1\.org\/cbv\/[A-Za-z]+-/, '').replace(/^urn:epcglobal:cbv:[a-z]+:/, '');
}
