import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { PERMISSIONS } from '@rd/contract';
import EpcisEvent from '../src/pages/supplyChain/EpcisEvent';
import { SubscriptionFormModal } from '../src/pages/supplyChain/epcisQuery/SubscriptionFormModal';
import { SubscriptionsDrawer } from '../src/pages/supplyChain/epcisQuery/SubscriptionsDrawer';
import { formValuesOf } from '../src/pages/supplyChain/epcisQuery/eventFilters';
import { readSchedule } from '../src/pages/supplyChain/epcisQuery/subscriptionForm';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { mockApi, USER } from './support/mockApi';

configure({ asyncUtilTimeout: 5000 });

const EMPTY_EVENTS = { data: { type: 'EPCISQueryDocument', epcisBody: { queryResults: { resultsBody: { eventList: [] } } } } };
const body = (config: InternalAxiosRequestConfig) => (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as Record<string, unknown>;
const posts = (calls: InternalAxiosRequestConfig[], url: string) => calls.filter((c) => c.method === 'post' && c.url === url);

const showError = vi.fn();
const showParamCheck = vi.fn();

function renderWithApp(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </AntApp>,
  );
}

beforeEach(() => {
  showError.mockReset();
  showParamCheck.mockReset();
  setHttpEffects({ showError, showParamCheck, confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, permissionList: [PERMISSIONS.epcisEventList, PERMISSIONS.epcisQuery, PERMISSIONS.epcisSubscribe] });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('saving the events search as a named query', () => {
  it('checks the name as the server does, then saves the search’s filters as the binding’s lists', async () => {
    const calls = mockApi((config) => {
      if (config.url === '/acc/epcis/events') return EMPTY_EVENTS;
      if (config.url === '/acc/epcis/queries' && config.method === 'post') return { status: 201, data: { name: body(config).name, query: body(config).query } };
      return undefined;
    });
    renderWithApp(<EpcisEvent />);
    fireEvent.change(await screen.findByTestId('epcis-search-epc'), { target: { value: '  urn:epc:id:sgtin:6901234.000001.100 ' } });
    fireEvent.click(screen.getByTestId('epcis-save-query'));
    const form = await screen.findByTestId('save-query-form');
    // what will be saved, in words
    expect(within(form).getByTestId('save-query-parameters').textContent).toBe('标识（EPC）：urn:epc:id:sgtin:6901234.000001.100');

    const ok = () => fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
    ok();
    expect(await within(form).findByText('请输入查询名称')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('save-query-name'), { target: { value: '发货 daily' } });
    ok();
    expect(await within(form).findByText('查询名称为 1 至 100 位字母、数字或 _ . ~ -')).toBeTruthy();
    expect(posts(calls, '/acc/epcis/queries')).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('save-query-name'), { target: { value: 'epc-watch_1.0~x' } });
    ok();
    await waitFor(() => expect(posts(calls, '/acc/epcis/queries')).toHaveLength(1));
    expect(body(posts(calls, '/acc/epcis/queries')[0]!)).toMatchObject({ name: 'epc-watch_1.0~x', query: { MATCH_anyEPC: ['urn:epc:id:sgtin:6901234.000001.100'] } });
    await waitFor(() => expect(screen.queryByTestId('save-query-form')).toBeNull());
  });

  it('says so under the name when the name is taken', async () => {
    mockApi((config) => {
      if (config.url === '/acc/epcis/events') return EMPTY_EVENTS;
      if (config.url === '/acc/epcis/queries' && config.method === 'post') {
        return { status: 409, data: { code: 'DUPLICATE', msg: 'name已存在：shipping', data: null, type: 'epcisException:ResourceAlreadyExistsException', status: 409 } };
      }
      return undefined;
    });
    renderWithApp(<EpcisEvent />);
    fireEvent.click(await screen.findByTestId('epcis-save-query'));
    const form = await screen.findByTestId('save-query-form');
    expect(within(form).getByText('全部事件（未设置筛选条件）')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('save-query-name'), { target: { value: 'shipping' } });
    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
    expect(await within(form).findByText('已有名为“shipping”的查询，请换一个名称')).toBeTruthy();
    expect(showError).not.toHaveBeenCalled();
  });

  it('offers no save button without the permission to save queries', async () => {
    setUser({ ...USER, permissionList: [PERMISSIONS.epcisEventList] });
    mockApi((config) => (config.url === '/acc/epcis/events' ? EMPTY_EVENTS : undefined));
    renderWithApp(<EpcisEvent />);
    await screen.findByTestId('epcis-saved-queries');
    expect(screen.queryByTestId('epcis-save-query')).toBeNull();
  });

  it('reads a saved query back into the form only when the form can say all of it', () => {
    expect(formValuesOf({ EQ_bizStep: ['shipping'], MATCH_anyEPC: 'urn:x' })).toEqual({ bizStep: 'shipping', epc: 'urn:x' });
    expect(formValuesOf({ EQ_bizStep: ['shipping', 'receiving'] })).toBeNull();
    expect(formValuesOf({ GE_eventTime: '2026-11-01T00:00:00+08:00' })).toBeNull();
  });
});

describe('the subscription form', () => {
  function renderForm() {
    const created = vi.fn();
    renderWithApp(<SubscriptionFormModal queryName="shipping-daily" onClose={() => {}} onCreated={created} />);
    return created;
  }
  const submit = () => fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLElement);
  const SUBSCRIPTIONS = '/acc/epcis/queries/shipping-daily/subscriptions';
  const answerCreated = (config: InternalAxiosRequestConfig) =>
    config.url === SUBSCRIPTIONS && config.method === 'post'
      ? { status: 201, data: { subscriptionID: '0b6f1a8e-3f4c-4c1e-9d55-7a2f1e0c9b11', dest: body(config).dest, createdAt: '2026-11-27T08:00:00.000Z', ...(body(config).stream ? { stream: true } : { schedule: body(config).schedule }) } }
      : undefined;

  it('sends a stream subscription with its signature token', async () => {
    const calls = mockApi(answerCreated);
    const created = renderForm();
    const form = await screen.findByTestId('subscription-form');
    fireEvent.change(within(form).getByTestId('subscription-dest'), { target: { value: ' https://partner.example.com/hook ' } });
    fireEvent.change(within(form).getByTestId('subscription-token'), { target: { value: 'shared-secret' } });
    submit();
    await waitFor(() => expect(created).toHaveBeenCalled());
    const sent = body(posts(calls, SUBSCRIPTIONS)[0]!);
    expect(sent).toMatchObject({ dest: 'https://partner.example.com/hook', signatureToken: 'shared-secret', stream: true });
    expect(sent).not.toHaveProperty('schedule');
    expect(sent).not.toHaveProperty('reportIfEmpty');
  });

  it('sends a schedule instead: every hour at a minute, or the advanced fields given, never stream', async () => {
    const calls = mockApi(answerCreated);
    const created = renderForm();
    const form = await screen.findByTestId('subscription-form');
    fireEvent.change(within(form).getByTestId('subscription-dest'), { target: { value: 'https://partner.example.com/hook' } });
    fireEvent.click(within(form).getByText('定时推送'));
    fireEvent.click(await within(form).findByText('每小时'));
    fireEvent.change(await within(form).findByTestId('subscription-hourly-minute'), { target: { value: '15' } });
    fireEvent.click(within(form).getByTestId('subscription-report-if-empty'));
    submit();
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const hourly = body(posts(calls, SUBSCRIPTIONS)[0]!);
    expect(hourly).toMatchObject({ dest: 'https://partner.example.com/hook', schedule: { second: '0', minute: '15' }, reportIfEmpty: true });
    expect(hourly).not.toHaveProperty('stream');
    expect(hourly).not.toHaveProperty('signatureToken');

    fireEvent.click(within(form).getByText('高级'));
    fireEvent.change(await within(form).findByTestId('subscription-cron-minute'), { target: { value: '*/15' } });
    fireEvent.change(within(form).getByTestId('subscription-cron-dayOfWeek'), { target: { value: ' 1-5 ' } });
    submit();
    await waitFor(() => expect(created).toHaveBeenCalledTimes(2));
    expect(body(posts(calls, SUBSCRIPTIONS)[1]!).schedule).toEqual({ minute: '*/15', dayOfWeek: '1-5' });
  });

  it('checks the address before sending, and shows the server’s refusal under the field it names', async () => {
    const refusal = '请输入 https:// 开头的公网地址（不能是本系统自身、内网、本机或链路本地地址）';
    const calls = mockApi((config) =>
      config.url === SUBSCRIPTIONS && config.method === 'post'
        ? {
            status: 400,
            data: {
              code: 'PARAM_CHECK',
              msg: '参数校验失败',
              data: null,
              errors: [
                { field: 'dest', message: refusal },
                { field: 'schedule', message: '计划的写法与 cron 相同：数字、范围（1-5）、列表（1,3）或步长（*/15）：bad' },
              ],
              type: 'epcisException:ValidationException',
              title: '参数校验失败',
              status: 400,
            },
          }
        : undefined,
    );
    const created = renderForm();
    const form = await screen.findByTestId('subscription-form');
    fireEvent.change(within(form).getByTestId('subscription-dest'), { target: { value: 'not an address' } });
    submit();
    expect(await within(form).findByText(refusal)).toBeTruthy();
    expect(posts(calls, SUBSCRIPTIONS)).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('subscription-dest'), { target: { value: 'https://10.0.0.8/hook' } });
    fireEvent.click(within(form).getByText('定时推送'));
    fireEvent.click(await within(form).findByText('高级'));
    fireEvent.change(await within(form).findByTestId('subscription-cron-hour'), { target: { value: '25' } });
    submit();
    await waitFor(() => expect(posts(calls, SUBSCRIPTIONS)).toHaveLength(1));
    const destItem = within(form).getByTestId('subscription-dest').closest('.ant-form-item') as HTMLElement;
    expect(await within(destItem).findByText(refusal)).toBeTruthy();
    const kindItem = within(form).getByTestId('subscription-schedule-kind').closest('.ant-form-item') as HTMLElement;
    expect(await within(kindItem).findByText(/计划的写法与 cron 相同/)).toBeTruthy();
    expect(created).not.toHaveBeenCalled();
  });
});

describe('a saved query’s subscriptions', () => {
  it('lists each with its delivery in words, and a failing one with its error as a warning', async () => {
    mockApi((config) =>
      config.url === '/acc/epcis/queries/shipping-daily/subscriptions'
        ? {
            data: [
              { subscriptionID: 'a', dest: 'https://partner.example.com/hook', createdAt: '2026-11-27T08:00:00.000Z', stream: true, lastError: 'HTTP 503' },
              { subscriptionID: 'b', dest: 'https://erp.example.cn/in', createdAt: '2026-11-27T08:00:00.000Z', schedule: { second: '0', minute: '30', hour: '8' }, reportIfEmpty: true, lastNotifiedAt: '2026-11-28T00:30:00.000Z' },
            ],
          }
        : undefined,
    );
    renderWithApp(<SubscriptionsDrawer queryName="shipping-daily" onClose={() => {}} />);
    const items = await screen.findAllByTestId('subscription-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('实时推送');
    const warning = within(items[0]!).getByTestId('subscription-last-error');
    expect(warning.className).toContain('ant-alert-warning');
    expect(warning.textContent).toContain('HTTP 503');
    expect(items[1]!.textContent).toContain('每天 08:30');
    expect(items[1]!.textContent).toContain('无新事件也推送');
    expect(within(items[1]!).queryByTestId('subscription-last-error')).toBeNull();
  });

  it('asks to sign in again when the session ended while the list was read', async () => {
    const confirmRelogin = vi.fn(async () => false);
    setHttpEffects({ showError, showParamCheck, confirmRelogin, logoutAndReload: vi.fn() });
    // the binding's problem details, with the portal's envelope inside
    mockApi((config) =>
      config.url === '/acc/epcis/queries/shipping-daily/subscriptions'
        ? { status: 401, data: { type: 'epcisException:SecurityException', title: '登录已过期', status: 401, code: '401', msg: '登录已过期', data: null } }
        : undefined,
    );
    renderWithApp(<SubscriptionsDrawer queryName="shipping-daily" onClose={() => {}} />);
    await waitFor(() => expect(confirmRelogin).toHaveBeenCalledTimes(1));
    expect(showError).not.toHaveBeenCalled();
  });

  it('reads schedules back in words when they are simple', () => {
    expect(readSchedule({ second: '0', minute: '5', hour: '18' })).toEqual({ kind: 'daily', time: '18:05' });
    expect(readSchedule({ minute: '0' })).toEqual({ kind: 'hourly', minute: '00' });
    expect(readSchedule({ minute: '*/15', dayOfWeek: '1-5' })).toEqual({ kind: 'cron', fields: '0 */15 * * * 1-5' });
  });
});
