import i18n from 'i18next';
import { LANG_HEADER, TOKEN_HEADER } from '@rd/contract/consumer';
import type { FieldError } from '@rd/contract';
import { HttpError } from '../api/HttpError';
import { isAnswered, isEnvelope } from '../api/envelope';
import { sessionStore } from '../app/state/sessionStore';
import { apiUrl, visitLanguage, type Query } from './apiUrl';

/**
 * The consumer pages' HTTP client: the browser's fetch and the API's envelope (spec 7 and 8), without the
 * portal's axios client, overlay and toasts — each page shows its own progress and failures in place.
 * Nothing is retried: a check counts a scan, and the other calls are a tap away from being repeated.
 */

/** A consumer does not wait as long as the portal's 100 s; after this the page offers to try again. */
const REQUEST_TIMEOUT_MS = 30_000;

/** The signed-in staff member's headers, when this tab holds a token. */
function sessionHeaders(): Record<string, string> {
  const { token } = sessionStore.getState();
  return token ? { [TOKEN_HEADER]: token, [LANG_HEADER]: visitLanguage() } : {};
}

function withTimeout(): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  return { signal: controller.signal, done: () => clearTimeout(timer) };
}

export async function apiGet<T>(path: string, query?: Query): Promise<T> {
  const timeout = withTimeout();
  return answerOf<T>(fetch(apiUrl(path, query), { headers: { accept: 'application/json', ...sessionHeaders() }, signal: timeout.signal }).finally(timeout.done));
}

export async function apiPost<T>(path: string, body: object = {}): Promise<T> {
  const timeout = withTimeout();
  return answerOf<T>(
    fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...sessionHeaders() },
      body: JSON.stringify({ ...body, lang: visitLanguage() }),
      signal: timeout.signal,
    }).finally(timeout.done),
  );
}

/**
 * The data of an answer, or an HttpError carrying the server's code and its message in the visitor's
 * language (PARAM_CHECK with its field errors). No answer at all (offline, timed out) is NETWORK.
 */
export async function answerOf<T>(response: Promise<Response>): Promise<T> {
  let answer: Response;
  try {
    answer = await response;
  } catch {
    throw new HttpError('NETWORK', i18n.t('http.timeout'), { handled: false });
  }
  let body: unknown = null;
  try {
    body = await answer.json();
  } catch {
    // not JSON: only the status tells
  }
  const status = answer.status;
  if (isAnswered(body)) return body.data as T;
  if (isEnvelope(body)) {
    const code = String(body.code);
    const errors: readonly FieldError[] = Array.isArray(body.errors) ? body.errors : [];
    const msg = typeof body.msg === 'string' && body.msg ? body.msg : i18n.t('http.systemError');
    throw new HttpError(code, msg, { status, errors, handled: false, envelope: body });
  }
  if (answer.ok) return body as T;
  const key = status === 401 ? 'http.loginDisabled' : status === 403 ? 'http.forbidden' : 'http.systemError';
  throw new HttpError(`HTTP_${status}`, i18n.t(key), { status, handled: false });
}
