import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { apiDelete, apiDownload, apiGet, apiPost, apiPut, apiRequest, http, REQUEST_TIMEOUT_MS } from '../src/api/http';
import { setHttpEffects, type HttpEffects } from '../src/api/httpEffects';
import { loadingStore } from '../src/api/loading';
import { HttpError, refusalText } from '../src/api/HttpError';
import { appStore } from '../src/app/state/appStore';
import { sessionStore } from '../src/app/state/sessionStore';

type Reply = { status?: number; data?: unknown; headers?: Record<string, string> } | Error;
type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

let calls: InternalAxiosRequestConfig[] = [];
let effects: { [K in keyof HttpEffects]: ReturnType<typeof vi.fn> };

/** Answers every call with `handler`, recording what was sent. */
function reply(handler: Handler) {
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const answer = await handler(config);
    if (answer instanceof Error) throw answer;
    const response = {
      data: answer.data,
      status: answer.status ?? 200,
      statusText: '',
      headers: new AxiosHeaders(answer.headers ?? {}),
      config,
      request: {},
    };
    const validate = config.validateStatus;
    if (validate && !validate(response.status)) {
      throw new AxiosError('failed', AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    }
    return response;
  };
  http.defaults.adapter = adapter;
}

const ok = (data: unknown = null) => ({ data: { code: 'SUCCESS', msg: '', data } });
const networkError = (config: InternalAxiosRequestConfig) => new AxiosError('Network Error', 'ERR_NETWORK', config);

beforeEach(() => {
  calls = [];
  effects = {
    showError: vi.fn(),
    showParamCheck: vi.fn(),
    confirmRelogin: vi.fn(() => Promise.resolve(true)),
    logoutAndReload: vi.fn(),
  };
  setHttpEffects(effects as unknown as HttpEffects);
  appStore.setState({ language: 'zh_CN' });
  sessionStore.setState({ token: '' });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('wipe session cookies before each call and keep the preference cookies (spec 9)', async () => {
    document.cookie = 'JSESSIONID=abc; path=/';
    document.cookie = 'language=en; path=/';
    document.cookie = 'sidebarStatus=0; path=/';
    reply(() => {
      expect(document.cookie).not.toContain('JSESSIONID');
      return ok();
    });
    await apiGet('/acc/x');
    expect(calls).toHaveLength(1);
    expect(document.cookie).toContain('language=en');
    expect(document.cookie).toContain('sidebarStatus=0');
    document.cookie = 'language=; path=/; max-age=0';
    document.cookie = 'sidebarStatus=; path=/; max-age=0';
  });

  it('add lang to the query of GET and DELETE', async () => {
    reply(() => ok());
    await apiGet('/acc/a', { x: 1 });
    await apiDelete('/acc/b');
    expect(calls[0]!.params).toEqual({ x: 1, lang: 'zh_CN' });
    expect(calls[1]!.params).toEqual({ lang: 'zh_CN' });
    expect(http.getUri(calls[0]!)).toBe('/acc/a?x=1&lang=zh_CN');
  });

  it('add lang to the JSON body of POST and PUT, and to FormData', async () => {
    appStore.setState({ language: 'en_US' });
    reply(() => ok());
    await apiPost('/acc/a', { name: 'n' });
    await apiPut('/acc/b');
    const form = new FormData();
    form.append('file', 'x');
    await apiPost('/acc/c', form);
    expect(JSON.parse(calls[0]!.data as string)).toEqual({ name: 'n', lang: 'en_US' });
    expect(JSON.parse(calls[1]!.data as string)).toEqual({ lang: 'en_US' });
    expect((calls[2]!.data as FormData).get('lang')).toBe('en_US');
    expect(calls[0]!.params).toEqual({});
  });

  it('send the token and language headers only once a token exists', async () => {
    reply(() => ok());
    await apiGet('/acc/a');
    expect(calls[0]!.headers.get('x-rd-request-apitoken')).toBeUndefined();
    expect(calls[0]!.headers.get('x-rd-request-language')).toBeUndefined();
    sessionStore.setState({ token: 'tok-1' });
    await apiGet('/acc/a');
    expect(calls[1]!.headers.get('x-rd-request-apitoken')).toBe('tok-1');
    expect(calls[1]!.headers.get('x-rd-request-language')).toBe('zh_CN');
  });

  it('turn page number 0 into 1, in the query and in the body', async () => {
    reply(() => ok());
    await apiGet('/acc/list', { pageNum: 0, pageSize: 10 });
    await apiPost('/acc/list', { pageNum: 0 });
    await apiGet('/acc/list', { pageNum: 3 });
    expect(calls[0]!.params.pageNum).toBe(1);
    expect(JSON.parse(calls[1]!.data as string).pageNum).toBe(1);
    expect(calls[2]!.params.pageNum).toBe(3);
  });

  it('send arrays as repeated keys', async () => {
    reply(() => ok());
    await apiGet('/acc/a', { ids: [1, 2, 3] });
    expect(http.getUri(calls[0]!)).toBe('/acc/a?ids=1&ids=2&ids=3&lang=zh_CN');
  });

  it('use base URL "" and a 100 s timeout', () => {
    expect(http.defaults.baseURL).toBe('');
    expect(http.defaults.timeout).toBe(100000);
    expect(REQUEST_TIMEOUT_MS).toBe(100000);
  });
});

describe('retries', () => {
  it('retry a GET 4 times, 1 s apart, on network errors', async () => {
    vi.useFakeTimers();
    reply((config) => networkError(config));
    const result = apiGet('/acc/a').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(calls).toHaveLength(5);
    expect(error).toBeInstanceOf(HttpError);
    expect(effects.showError).toHaveBeenCalledWith('请求超时，请稍后重试');
  });

  it('retry a GET on 5xx and read the last envelope', async () => {
    vi.useFakeTimers();
    let n = 0;
    reply(() => (++n < 3 ? { status: 503, data: 'busy' } : { status: 500, data: { code: '500', msg: 'boom', data: null } }));
    const result = apiGet('/acc/a').catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    const error = (await result) as HttpError;
    expect(calls).toHaveLength(5);
    expect(error.code).toBe('500');
    expect(effects.showError).toHaveBeenCalledWith('boom');
  });

  it('never retry POST, PUT or DELETE', async () => {
    reply((config) => networkError(config));
    await expect(apiPost('/acc/a', {})).rejects.toBeInstanceOf(HttpError);
    await expect(apiPut('/acc/a', {})).rejects.toBeInstanceOf(HttpError);
    await expect(apiDelete('/acc/a')).rejects.toBeInstanceOf(HttpError);
    expect(calls).toHaveLength(3);
    reply(() => ({ status: 500, data: { code: '500', msg: 'x', data: null } }));
    await expect(apiPost('/acc/a', {})).rejects.toMatchObject({ code: '500' });
    expect(calls).toHaveLength(4);
  });
});

describe('loading overlay', () => {
  it('counts pending calls and clears when the last one ends, except silent ones', async () => {
    const pending: Array<() => void> = [];
    reply(() => new Promise((resolve) => pending.push(() => resolve(ok()))));
    const a = apiGet('/acc/a');
    const b = apiPost('/acc/b', {});
    const c = apiGet('/acc/c', undefined, { silent: true });
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    expect(loadingStore.getState().pending).toBe(2);
    pending[0]!();
    await a;
    expect(loadingStore.getState().pending).toBe(1);
    pending[1]!();
    pending[2]!();
    await Promise.all([b, c]);
    expect(loadingStore.getState().pending).toBe(0);
  });

  it('also clears after a failure', async () => {
    reply(() => ({ data: { code: 'LOGIN_FAILED', msg: 'no', data: null } }));
    await expect(apiPost('/acc/a')).rejects.toBeInstanceOf(HttpError);
    expect(loadingStore.getState().pending).toBe(0);
  });
});

describe('envelope', () => {
  it('resolves SUCCESS, "200" and "1014" with the data', async () => {
    for (const code of ['SUCCESS', '200', '1014']) {
      reply(() => ({ data: { code, msg: '', data: { v: code } } }));
      await expect(apiGet('/acc/a')).resolves.toEqual({ v: code });
    }
    reply(() => ({ data: { code: 200, msg: '', data: 7 } }));
    await expect(apiGet('/acc/a')).resolves.toBe(7);
    expect(effects.showError).not.toHaveBeenCalled();
  });

  it('reads the envelope whatever the HTTP status', async () => {
    reply(() => ({ status: 409, data: { code: 'CONFLICT', msg: '已被修改', data: null } }));
    await expect(apiPost('/acc/a')).rejects.toMatchObject({ code: 'CONFLICT', message: '已被修改', handled: true });
    expect(effects.showError).toHaveBeenCalledWith('已被修改');
  });

  it('PARAM_CHECK shows the message with field errors and rejects with them', async () => {
    const errors = [{ field: 'name', message: '必填' }];
    reply(() => ({ status: 400, data: { code: 'PARAM_CHECK', msg: '参数校验失败', data: null, errors } }));
    await expect(apiPost('/acc/a', {})).rejects.toMatchObject({ code: 'PARAM_CHECK', errors });
    expect(effects.showParamCheck).toHaveBeenCalledWith('参数校验失败', errors);
    expect(effects.showError).not.toHaveBeenCalled();
    expect(effects.logoutAndReload).not.toHaveBeenCalled();
  });

  it('a refusal naming codes keeps each reason for the page, which shows them without request paths', async () => {
    const errors = [{ field: 'codes.0', reason: 'IN_BOX', message: '在箱 B1 中：请扫描箱码整箱加入，或从箱中取出后单独加入' }];
    reply(() => ({ status: 409, data: { code: 'CODES_REJECTED', msg: '未保存：X1（在箱 B1 中：请扫描箱码整箱加入，或从箱中取出后单独加入）', data: null, errors } }));
    const failure = await apiPost('/acc/a', {}, { showError: false }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'CODES_REJECTED', errors });
    expect(refusalText(failure, 'fallback')).toBe('在箱 B1 中：请扫描箱码整箱加入，或从箱中取出后单独加入');
    expect(refusalText(failure, 'fallback')).not.toContain('codes.0');
    expect(effects.showError).not.toHaveBeenCalled();
  });

  it('warnMsg rejects without any message', async () => {
    reply(() => ({ data: { code: 'warnMsg', msg: 'quiet', data: null } }));
    await expect(apiGet('/acc/a')).rejects.toMatchObject({ code: 'warnMsg' });
    expect(effects.showError).not.toHaveBeenCalled();
  });

  it('code 401 asks first; "log in again" logs out and reloads', async () => {
    reply(() => ({ data: { code: '401', msg: '', data: null } }));
    await expect(apiGet('/acc/a')).rejects.toMatchObject({ code: '401' });
    expect(effects.confirmRelogin).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(effects.logoutAndReload).toHaveBeenCalledTimes(1));
  });

  it('code 401 with "cancel" stays', async () => {
    effects.confirmRelogin.mockReturnValue(Promise.resolve(false));
    reply(() => ({ data: { code: '401', msg: '', data: null } }));
    await expect(apiGet('/acc/a')).rejects.toBeInstanceOf(HttpError);
    await Promise.resolve();
    expect(effects.logoutAndReload).not.toHaveBeenCalled();
  });

  it('NO_LOGIN_ERROR, 4001 and JWT_VERIFY_FAILED log out and reload at once', async () => {
    for (const code of ['NO_LOGIN_ERROR', '4001', 'JWT_VERIFY_FAILED']) {
      reply(() => ({ status: 401, data: { code, msg: 'x', data: null } }));
      await expect(apiGet('/acc/a')).rejects.toMatchObject({ code });
    }
    expect(effects.logoutAndReload).toHaveBeenCalledTimes(3);
    expect(effects.confirmRelogin).not.toHaveBeenCalled();
    expect(effects.showError).not.toHaveBeenCalled();
  });

  it('other codes show the server message as given (text, never interpreted)', async () => {
    const msg = '<img src=x onerror=alert(1)>';
    reply(() => ({ data: { code: 'SOMETHING', msg, data: null } }));
    await expect(apiGet('/acc/a')).rejects.toMatchObject({ message: msg });
    expect(effects.showError).toHaveBeenCalledWith(msg);
  });

  it('other codes without msg fall back to the catalogue text in the current language', async () => {
    appStore.setState({ language: 'en_US' });
    reply(() => ({ data: { code: 'ACCESS_DENIED_ERROR', msg: '', data: null } }));
    await expect(apiGet('/acc/a')).rejects.toBeInstanceOf(HttpError);
    expect(effects.showError).toHaveBeenCalledWith('Insufficient permission, contact the administrator');
  });

  it('showError: false leaves the message to the caller', async () => {
    reply(() => ({ status: 401, data: { code: 'LOGIN_FAILED', msg: '账号或密码不正确', data: null } }));
    await expect(apiPost('/acc/user/login', {}, { showError: false })).rejects.toMatchObject({
      message: '账号或密码不正确',
      handled: false,
    });
    expect(effects.showError).not.toHaveBeenCalled();
  });

  it('apiRequest gives the whole envelope', async () => {
    reply(() => ({ data: { code: 'SUCCESS', msg: 'done', data: 1 } }));
    await expect(apiRequest({ url: '/acc/a' })).resolves.toEqual({ code: 'SUCCESS', msg: 'done', data: 1 });
  });
});

describe('answers without an envelope', () => {
  it('HTTP 401 → login-disabled message, 403 → forbidden, others → timeout', async () => {
    reply(() => ({ status: 401, data: 'no' }));
    await expect(apiPost('/acc/a')).rejects.toMatchObject({ status: 401 });
    reply(() => ({ status: 403, data: '' }));
    await expect(apiPost('/acc/a')).rejects.toMatchObject({ status: 403 });
    reply(() => ({ status: 404, data: '<html>' }));
    await expect(apiPost('/acc/a')).rejects.toMatchObject({ status: 404 });
    expect(effects.showError.mock.calls.map((c) => c[0])).toEqual([
      '账号已被禁用或不存在，请重新登录',
      '权限不足，请联系管理员',
      '请求超时，请稍后重试',
    ]);
  });

  it('a timeout shows the timeout message', async () => {
    reply((config) => new AxiosError('timeout of 100000ms exceeded', 'ECONNABORTED', config));
    await expect(apiPost('/acc/a')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(calls).toHaveLength(1);
    expect(effects.showError).toHaveBeenCalledWith('请求超时，请稍后重试');
  });
});

describe('downloads', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:mock');
    URL.revokeObjectURL = vi.fn();
  });

  it('a JSON blob is an error: its msg is shown and nothing is saved', async () => {
    const blob = new Blob([JSON.stringify({ code: 'NOT_FOUND', msg: '文件不存在', data: null })], { type: 'application/json' });
    reply(() => ({ status: 404, data: blob, headers: { 'content-type': 'application/json' } }));
    await expect(apiDownload({ url: '/acc/file' })).rejects.toMatchObject({ message: '文件不存在' });
    expect(effects.showError).toHaveBeenCalledWith('文件不存在');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('a JSON blob with a session code logs out like any answer', async () => {
    const blob = new Blob([JSON.stringify({ code: 'NO_LOGIN_ERROR', msg: 'x', data: null })], { type: 'application/json;charset=utf-8' });
    reply(() => ({ status: 401, data: blob }));
    await expect(apiDownload({ url: '/acc/file' })).rejects.toBeInstanceOf(HttpError);
    expect(effects.logoutAndReload).toHaveBeenCalled();
  });

  it('saves a file under the Content-Disposition name (RFC 5987 first)', async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const blob = new Blob(['a,b'], { type: 'application/vnd.ms-excel' });
    reply(() => ({
      data: blob,
      headers: { 'content-disposition': `attachment; filename="fallback.xlsx"; filename*=UTF-8''%E7%99%BB%E5%BD%95%E6%97%A5%E5%BF%97.xlsx` },
    }));
    await expect(apiDownload({ url: '/acc/export', params: { ids: [1, 2] } })).resolves.toBe('登录日志.xlsx');
    expect(clicked).toEqual(['登录日志.xlsx']);
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(calls[0]!.responseType).toBe('blob');
    click.mockRestore();
  });
});
