import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import axiosRetry, { isNetworkError } from 'axios-retry';
import {
  PORTAL_ERROR_CATALOGUE,
  FORCE_LOGOUT_CODES,
  SUCCESS_CODES,
  type Envelope,
  type FieldError,
} from '@rd/contract';
import i18n from '../i18n';
import { appStore } from '../app/state/appStore';
import { wipeSessionCookies } from '../app/state/cookies';
import { sessionStore } from '../app/state/sessionStore';
import { HttpError } from './HttpError';
import { isEnvelope } from './envelope';
import { httpEffects } from './httpEffects';
import { sessionEndOf } from './sessionEnd';
import { beginLoading, endLoading } from './loading';
import { shapeRequest } from './requestShape';
import { fileNameFromDisposition } from './contentDisposition';
import { saveBlob } from './saveBlob';

export const REQUEST_TIMEOUT_MS = 100_000;
export const RETRIES = 4;
export const RETRY_DELAY_MS = 1000;

/** Only calls that change nothing may be sent twice. */
const SAFE_METHODS = ['get', 'head', 'options'];

export interface ApiConfig extends AxiosRequestConfig {
  /** No full-screen loading overlay (tables and background calls show their own progress). */
  silent?: boolean;
  /** false: do not toast the server's message; the caller shows it (e.g. inline on the login form). */
  showError?: boolean;
}

export const http = axios.create({
  baseURL: '',
  timeout: REQUEST_TIMEOUT_MS,
  // Arrays go as repeated keys: ids=1&ids=2 (spec 7).
  paramsSerializer: { indexes: null },
  // Answers below 500 resolve so their envelope is read first. 5xx reject so that axios-retry can retry
  // safe calls; once retries are over, their envelope is read the same way (see responseOf).
  validateStatus: (status) => status < 500,
});

axiosRetry(http, {
  retries: RETRIES,
  retryDelay: () => RETRY_DELAY_MS,
  shouldResetTimeout: true,
  retryCondition: (error) =>
    SAFE_METHODS.includes((error.config?.method ?? 'get').toLowerCase()) &&
    (isNetworkError(error) || (error.response?.status ?? 0) >= 500),
});

http.interceptors.request.use((config) => {
  wipeSessionCookies();
  return shapeRequest(config, { lang: appStore.getState().language, token: sessionStore.getState().token });
});

/** One call: resolves with the envelope of a success code, rejects with an HttpError otherwise. */
export async function apiRequest<T>(config: ApiConfig): Promise<Envelope<T>> {
  const overlay = config.silent !== true;
  if (overlay) beginLoading();
  try {
    return settle<T>(await send(config), config);
  } finally {
    if (overlay) endLoading();
  }
}

export async function apiGet<T>(url: string, params?: object, config: ApiConfig = {}): Promise<T> {
  return (await apiRequest<T>({ ...config, method: 'get', url, params })).data;
}

export async function apiDelete<T>(url: string, params?: object, config: ApiConfig = {}): Promise<T> {
  return (await apiRequest<T>({ ...config, method: 'delete', url, params })).data;
}

export async function apiPost<T>(url: string, body?: unknown, config: ApiConfig = {}): Promise<T> {
  return (await apiRequest<T>({ ...config, method: 'post', url, data: body })).data;
}

export async function apiPut<T>(url: string, body?: unknown, config: ApiConfig = {}): Promise<T> {
  return (await apiRequest<T>({ ...config, method: 'put', url, data: body })).data;
}

/**
 * A file download: saves the answer under the name from Content-Disposition (or `fallbackName`) and
 * resolves with that name. A JSON answer instead of a file is an error envelope: its msg is shown.
 */
export async function apiDownload(config: ApiConfig, fallbackName = 'download'): Promise<string> {
  const overlay = config.silent !== true;
  if (overlay) beginLoading();
  try {
    const response = await send({ method: 'get', ...config, responseType: 'blob' });
    const blob: unknown = response.data;
    // an envelope, or the EPCIS interface's problem details (application/problem+json) with it
    if (blob instanceof Blob && /^application\/(problem\+)?json/.test(blob.type)) {
      return await rejectJsonBlob(blob, response.status, config);
    }
    if (response.status >= 400 || !(blob instanceof Blob)) {
      handleBare(response, config); // throws for error statuses
      return failDownload(response.status, config);
    }
    const name = fileNameFromDisposition(headerOf(response, 'content-disposition')) ?? fallbackName;
    saveBlob(blob, name);
    return name;
  } finally {
    if (overlay) endLoading();
  }
}

/** Sends the call; an answer that came with an error status (5xx) is returned like any other answer. */
export async function send(config: ApiConfig): Promise<AxiosResponse> {
  try {
    return await http.request(config);
  } catch (error) {
    return responseOf(error, config);
  }
}

function responseOf(error: unknown, config: ApiConfig): AxiosResponse {
  if (axios.isAxiosError(error) && error.response) return error.response;
  if (axios.isCancel(error)) throw new HttpError('CANCELLED', 'cancelled', { handled: true });
  // No answer at all: network down or the 100 s timeout.
  const text = i18n.t('http.timeout');
  if (config.showError !== false) httpEffects().showError(text);
  throw new HttpError('NETWORK', text, { handled: config.showError !== false });
}

/**
 * An answer read as every call's is: the envelope of a success, else the refusal handled (messages, the
 * sign-in dialog for an ended session) and thrown as an HttpError.
 */
export function settle<T>(response: AxiosResponse, config: ApiConfig): Envelope<T> {
  return isEnvelope(response.data) ? handleEnvelope<T>(response.data, response.status, config) : handleBare<T>(response, config);
}

/** Spec 8.1, in the order the codes are checked. */
function handleEnvelope<T>(body: Envelope, status: number, config: ApiConfig): Envelope<T> {
  const code = String(body.code);
  const msg = typeof body.msg === 'string' ? body.msg : '';
  const toast = config.showError !== false;

  if (code === 'PARAM_CHECK') {
    // Counted as an answered call (no session handling), but the form has to show what is wrong.
    const errors: readonly FieldError[] = Array.isArray(body.errors) ? body.errors : [];
    if (toast) httpEffects().showParamCheck(msg || i18n.t('http.paramCheckTitle'), errors);
    throw new HttpError(code, msg, { status, errors, handled: toast, envelope: body });
  }
  if (SUCCESS_CODES.includes(code)) return body as Envelope<T>;
  if (code === 'warnMsg') throw new HttpError(code, msg, { status, handled: true, envelope: body });
  if (code === '401') {
    void httpEffects()
      .confirmRelogin()
      .then((relogin) => relogin && httpEffects().logoutAndReload());
    throw new HttpError(code, msg, { status, handled: true, envelope: body });
  }
  if (FORCE_LOGOUT_CODES.includes(code)) {
    httpEffects().logoutAndReload(sessionEndOf(body.data));
    throw new HttpError(code, msg, { status, handled: true, envelope: body });
  }
  const text = msg || catalogueText(code) || i18n.t('http.systemError');
  if (toast) httpEffects().showError(text);
  // a refusal naming codes or fields (CODES_REJECTED) keeps them, so a page can show each one's reason
  const errors: readonly FieldError[] = Array.isArray(body.errors) ? body.errors : [];
  throw new HttpError(code, text, { status, errors, handled: toast, envelope: body });
}

/** An answer without the envelope: only the HTTP status tells what happened. */
function handleBare<T>(response: AxiosResponse, config: ApiConfig): Envelope<T> {
  const status = response.status;
  if (status >= 200 && status < 300) return { code: 'SUCCESS', msg: '', data: response.data as T };
  const key = status === 401 ? 'http.loginDisabled' : status === 403 ? 'http.forbidden' : 'http.timeout';
  const text = i18n.t(key);
  const toast = config.showError !== false;
  if (toast) httpEffects().showError(text);
  throw new HttpError(`HTTP_${status}`, text, { status, handled: toast });
}

async function rejectJsonBlob(blob: Blob, status: number, config: ApiConfig): Promise<never> {
  let body: unknown = null;
  try {
    body = JSON.parse(await blob.text());
  } catch {
    // not JSON after all: reported below as a failed download
  }
  if (isEnvelope(body) && !SUCCESS_CODES.includes(String(body.code))) {
    handleEnvelope(body, status, config);
  }
  return failDownload(status, config, isEnvelope(body) ? body.msg : '');
}

function failDownload(status: number, config: ApiConfig, msg = ''): never {
  const text = msg || i18n.t('http.downloadFailed');
  const toast = config.showError !== false;
  if (toast) httpEffects().showError(text);
  throw new HttpError('DOWNLOAD_FAILED', text, { status, handled: toast });
}

function catalogueText(code: string): string {
  const entry = (PORTAL_ERROR_CATALOGUE as Record<string, { zh_CN: string; en_US: string } | undefined>)[code];
  return entry ? entry[appStore.getState().language] : '';
}

function headerOf(response: AxiosResponse, name: string): string | undefined {
  const value: unknown = response.headers[name];
  return typeof value === 'string' ? value : undefined;
}
