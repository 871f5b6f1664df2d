import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { timeFilter } from '../src/utils/format';
import OperationLog, { operationLogFilters } from '../src/pages/system/OperationLog';
import { readableParams } from '../src/pages/system/operationLog/labels';
import type { OperationLogRow } from '../src/api/operationLog';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';

const LIST = '/acc/api/qfOperationRecord/pageList';
const MODULES = '/acc/api/qfOperationRecord/modules';

const row = (id: string, patch: Partial<OperationLogRow>): OperationLogRow => ({
  id,
  username: 'alice',
  operatorName: '王小明',
  companyName: '甲公司',
  module: 'product',
  action: 'INSERT',
  target: 'p-1',
  method: 'POST',
  url: '/acc/api/product/add',
  ip: '10.0.0.1',
  userAgent: 'Mozilla/5.0',
  params: '{"name":"苹果"}',
  result: 'SUCCESS',
  errorCode: '',
  durationMs: 12,
  createdAt: '2024-03-13T07:30:00.000Z',
  ...patch,
});

const ROWS = [
  row('1', {}),
  row('2', {
    action: 'DELETE',
    result: 'FAILURE',
    errorCode: 'NOT_FOUND',
    durationMs: 50,
    userAgent: 'Agent <b>bold</b>',
    params: '{"id":"x","note":"<script>alert(1)</script>"}',
  }),
  row('3', { module: 'brandNewModule', action: 'ARCHIVE' }),
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <OperationLog />
      </QueryClientProvider>
    </AntApp>,
  );
}

function answer() {
  return mockApi((config) => {
    if (config.url === LIST) return envelope({ total: ROWS.length, list: ROWS, pageNum: 1, pageSize: 10 });
    if (config.url === MODULES) return envelope(['brandNewModule', 'product', 'session']);
    return undefined;
  });
}

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('operation log filters', () => {
  it('turn the form into list filters: time range as instants, actions as a list', () => {
    const from = dayjs('2024-03-10T00:00:00');
    const to = dayjs('2024-03-13T23:59:59');
    expect(operationLogFilters({ username: 'al', module: 'product', action: ['INSERT', 'DELETE'], result: 'FAILURE', ip: '10.0.0.1', range: [from, to] })).toEqual({
      username: 'al',
      module: 'product',
      action: ['INSERT', 'DELETE'],
      result: 'FAILURE',
      ip: '10.0.0.1',
      beginTime: timeFilter(from),
      endTime: timeFilter(to),
    });
    expect(operationLogFilters({ action: [] })).toEqual({
      username: undefined,
      module: undefined,
      action: undefined,
      result: undefined,
      ip: undefined,
      beginTime: undefined,
      endTime: undefined,
    });
  });

  it('show recorded parameters indented when they parse, as they are when cut short', () => {
    expect(readableParams('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(readableParams('{"a":"lon…')).toBe('{"a":"lon…');
    expect(readableParams('')).toBe('');
  });
});

describe('operation log screen', () => {
  it('lists entries with translated actions and modules, result tags and durations; unknown names as they are', async () => {
    setUser({ ...USER, userType: '3', permissionList: ['system:operlog:list'] });
    const calls = answer();
    renderPage();

    expect(await screen.findByText('brandNewModule')).toBeTruthy();
    expect(screen.getAllByText('产品').length).toBeGreaterThan(0);
    expect(screen.getByText('新增')).toBeTruthy();
    expect(screen.getByText('ARCHIVE')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByText('50 毫秒')).toBeTruthy();
    // who acted: the person's name, the login name the entry kept on hover
    const operator = screen.getAllByText('王小明')[0] as HTMLElement;
    expect(operator.getAttribute('title')).toBe('alice');
    expect(screen.queryByText('alice')).toBeNull();
    // An enterprise user's entries are all of their own company: no company column.
    expect(screen.queryByRole('columnheader', { name: '所属企业' })).toBeNull();

    const first = calls.find((c) => c.url === LIST);
    expect(first?.method).toBe('post');
    expect(JSON.parse(first?.data as string)).toMatchObject({ pageNum: 1, pageSize: 10, lang: 'zh_CN' });
    expect(calls.filter((c) => c.url === MODULES)).toHaveLength(1);
  });

  it('shows the company column to platform users and sends the typed filters on search', async () => {
    setUser({ ...USER, userType: '2', permissionList: ['system:operlog:list'] });
    const calls = answer();
    renderPage();
    expect(await screen.findByRole('columnheader', { name: '所属企业' })).toBeTruthy();

    fireEvent.change(screen.getByTestId('operation-log-username'), { target: { value: ' alice ' } });
    fireEvent.click(screen.getByTestId('table-search'));
    await waitFor(() => {
      const last = calls.filter((c) => c.url === LIST).at(-1);
      expect(JSON.parse(last?.data as string)).toMatchObject({ username: 'alice', pageNum: 1 });
    });
  });

  it('opens an entry’s details with its parameters and user agent as text', async () => {
    setUser({ ...USER, userType: '3', permissionList: ['system:operlog:list'] });
    answer();
    renderPage();

    fireEvent.click(await screen.findByTestId('operation-log-detail-2'));
    const detail = await screen.findByTestId('operation-log-detail');
    expect(within(detail).getByText('NOT_FOUND')).toBeTruthy();
    expect(screen.getByTestId('operation-log-user-agent').textContent).toBe('Agent <b>bold</b>');
    expect(screen.getByTestId('operation-log-params').textContent).toBe('{\n  "id": "x",\n  "note": "<script>alert(1)</script>"\n}');
    expect(detail.querySelector('b, script')).toBeNull();
  });
});
