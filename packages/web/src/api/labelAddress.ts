import { apiGet } from './http';

/** The address printed in QR codes, from the health answer; not configured = this server's localhost. */
export interface LabelAddress {
  publicBaseUrl: string;
  publicBaseUrlConfigured: boolean;
}

export const LABEL_ADDRESS_KEY = ['health', 'labelAddress'] as const;

export function fetchLabelAddress(): Promise<LabelAddress> {
  return apiGet<LabelAddress>('/acc/health', undefined, { silent: true, showError: false });
}
