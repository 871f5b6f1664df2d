import type {
  ApiKeyAddBody,
  ApiKeyCreated,
  ApiKeyRow,
  ChannelConflictFilter,
  ChannelConflictRow,
  ChannelConflictSummary,
  DealerAddBody,
  DealerEditBody,
  DealerOption,
  DealerOverview,
  DealerRow,
  PageResult,
  ShipmentLine,
  ShipmentRow,
  ShipmentScanResult,
} from '@rd/contract';
import type { PageParams } from './admin';
import { apiDownload, apiGet, apiPost, http } from './http';

/** The supply-chain calls: dealers, shipments, channel-conflict alerts, API keys. */

export const DEALERS_QUERY_KEY = ['dealer'] as const;
export const DEALER_API = '/acc/api/dealer';
export const SHIPMENTS_QUERY_KEY = ['shipment'] as const;
export const CONFLICTS_QUERY_KEY = ['channelConflict'] as const;
export const API_KEYS_QUERY_KEY = ['apiKey'] as const;

export type DealerFilters = { keyword?: string; level?: number; status?: 'ENABLED' | 'DISABLED'; areaCode?: string };
export const fetchDealerPage = (query: DealerFilters & PageParams) => apiPost<PageResult<DealerRow>>(`${DEALER_API}/pageList`, query, { silent: true });
export const exportDealers = (filters: DealerFilters) => apiDownload({ method: 'post', url: `${DEALER_API}/export`, data: filters, timeout: 0 }, 'dealers.xlsx');
export const fetchDealerOptions = (query: { keyword?: string; level?: number } = {}) => apiGet<DealerOption[]>(`${DEALER_API}/options`, query, { silent: true });
export const addDealer = (body: DealerAddBody) => apiPost<DealerRow>(`${DEALER_API}/add`, body);
export const editDealer = (body: DealerEditBody) => apiPost<DealerRow>(`${DEALER_API}/edit`, body);
export const deleteDealer = (id: string) => apiPost<null>(`${DEALER_API}/delete`, { id });
export const fetchDealerOverview = (id: string) => apiGet<DealerOverview>(`${DEALER_API}/overview`, { id }, { silent: true });

export type ShipmentFilters = { orderNo?: string; kind?: 'OUTBOUND' | 'RETURN'; status?: ShipmentRow['status']; dealerId?: string };
const kindBase = (kind: ShipmentRow['kind']) => (kind === 'OUTBOUND' ? '/acc/api/shipment' : '/acc/api/shipment/return');
export const fetchShipmentPage = (query: ShipmentFilters & PageParams) => apiPost<PageResult<ShipmentRow>>('/acc/api/shipment/pageList', query, { silent: true });
export const exportShipments = (filters: ShipmentFilters) => apiDownload({ method: 'post', url: '/acc/api/shipment/export', data: filters, timeout: 0 }, 'shipments.xlsx');
export const fetchShipment = (id: string) => apiGet<ShipmentRow>('/acc/api/shipment/getById', { id }, { silent: true });
export const fetchShipmentLines = (query: { id: string } & PageParams) => apiPost<PageResult<ShipmentLine>>('/acc/api/shipment/lines', query, { silent: true });
export const openShipment = (kind: ShipmentRow['kind'], body: { dealerId: string; remark?: string }) => apiPost<ShipmentRow>(`${kindBase(kind)}/add`, body);
/** One scan: the codes are sent as they come; a refusal is an error whose field errors name each code. */
/** `unpack`: a code that sits in a box is taken out of it and goes in alone (else it is refused as IN_BOX). */
export const scanIntoShipment = (kind: ShipmentRow['kind'], id: string, codes: string[], unpack = false) =>
  apiPost<ShipmentScanResult>(`${kindBase(kind)}/scan`, { id, codes, ...(unpack ? { unpack } : {}) }, { silent: true, showError: false });
export const completeShipment = (kind: ShipmentRow['kind'], id: string) => apiPost<null>(`${kindBase(kind)}/complete`, { id });
export const cancelShipment = (kind: ShipmentRow['kind'], id: string) => apiPost<null>(`${kindBase(kind)}/cancel`, { id });
export const receiveShipment = (id: string) => apiPost<null>('/acc/api/shipment/receive', { id });

export const fetchConflictPage = (query: ChannelConflictFilter & PageParams) =>
  apiPost<PageResult<ChannelConflictRow>>('/acc/api/channelConflict/pageList', query, { silent: true });
export const fetchConflictSummary = (filter: ChannelConflictFilter) => apiPost<ChannelConflictSummary>('/acc/api/channelConflict/summary', filter, { silent: true });
export const exportConflicts = (filter: ChannelConflictFilter) =>
  apiDownload({ method: 'post', url: '/acc/api/channelConflict/export', data: filter, timeout: 0 }, 'channel-conflicts.xlsx');

/** The EPCIS document of a batch's or a shipment's codes, as a file. */
export const exportEpcis = (subject: { batchId: string } | { shipmentId: string }) =>
  apiDownload({ url: '/acc/epcis/export', params: subject, timeout: 0 }, 'EPCIS.jsonld');

export interface EpcisEventQuery {
  eventType?: string;
  EQ_bizStep?: string;
  EQ_action?: string;
  MATCH_anyEPC?: string;
  perPage: number;
  nextPageToken?: string;
}
export type EpcisEvent = Record<string, unknown> & { eventID: string; type: string; eventTime: string };

/**
 * A page of the company's EPCIS events: the interface answers the standard's query document, not the
 * envelope, and says where the next page is in its Link header; a refusal is still an envelope.
 */
export async function fetchEpcisEvents(query: EpcisEventQuery): Promise<{ events: EpcisEvent[]; nextPageToken: string | null }> {
  const response = await http.get<unknown>('/acc/epcis/events', { params: query });
  const body = response.data as { msg?: string; epcisBody?: { queryResults?: { resultsBody?: { eventList?: EpcisEvent[] } } } };
  if (response.status !== 200) throw new Error(body.msg ?? String(response.status));
  const link = String(response.headers['link'] ?? '');
  const next = /nextPageToken=([^&>]+)/.exec(link)?.[1];
  return { events: body.epcisBody?.queryResults?.resultsBody?.eventList ?? [], nextPageToken: next ? decodeURIComponent(next) : null };
}

export const fetchApiKeyPage = (query: { name?: string; state?: ApiKeyRow['state'] } & PageParams) =>
  apiPost<PageResult<ApiKeyRow>>('/acc/api/apiKey/pageList', query, { silent: true });
export const addApiKey = (body: ApiKeyAddBody) => apiPost<ApiKeyCreated>('/acc/api/apiKey/add', body);
export const revokeApiKey = (id: string) => apiPost<null>('/acc/api/apiKey/revoke', { id });
