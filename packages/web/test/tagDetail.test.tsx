import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import type { DictEntry } from '@rd/contract';
import TagDetail from '../src/pages/tag/TagDetail';
import TagOfDetail from '../src/pages/tag/TagOfDetail';
import { JobDownloads } from '../src/pages/tag/JobDownloads';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';

const ROW = {
  id: '101',
  code: 'XK0000000001',
  companyId: 'c1',
  ruleId: 'r1',
  ruleName: '西瓜单品',
  recordId: '11111111-2222-3333-4444-555555555555',
  serial: null,
  status: 'NOT_ACTIVATED',
  productId: null,
  batchId: null,
  createdAt: '2025-01-02T03:04:05.000Z',
  activatedAt: null,
  voidedAt: null,
  voidReason: '',
};
const VOIDED = { ...ROW, id: '102', code: 'XK0000000002', status: 'VOIDED', voidedAt: '2025-01-03T00:00:00.000Z', voidReason: '标签破损' };
const DETAIL = { ...ROW, url: 'https://trace.example.com/antiCounterfeiting?code=XK0000000001', ruleKind: 'ITEM', recordCreatedAt: ROW.createdAt };

const DICTIONARIES: DictEntry[] = [
  { typeCode: 'code_status', dicCode: 'NOT_ACTIVATED', dicName: '未生效', dicNameEn: 'Not in force', sort: 1, tagColor: 'default' },
  { typeCode: 'code_status', dicCode: 'ACTIVATED', dicName: '已生效', dicNameEn: 'In force', sort: 2, tagColor: 'success' },
  { typeCode: 'code_status', dicCode: 'VOIDED', dicName: '已作废', dicNameEn: 'Invalid', sort: 3, tagColor: 'error' },
];

const CODE_PERMISSIONS = ['tag:code:list', 'tag:code:export', 'tag:code:activate', 'tag:code:void', 'tag:rule:list'];

const body = (config: InternalAxiosRequestConfig) => (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as Record<string, unknown>;

function answer(extra: (config: InternalAxiosRequestConfig) => { status?: number; data: unknown } | undefined = () => undefined) {
  return mockApi((config) => {
    const own = extra(config);
    if (own) return own;
    if (config.url === '/acc/api/sysDict/all') return envelope(DICTIONARIES);
    if (config.url === '/acc/api/code/pageList') return envelope({ total: 2, list: [ROW, VOIDED], pageNum: 1, pageSize: 10 });
    if (config.url === '/acc/api/rule/list') return envelope([{ id: 'r1', ruleName: '西瓜单品' }]);
    if (config.url === '/acc/api/code/getById') return envelope(DETAIL);
    return undefined;
  });
}

function renderAt(path = '/tag/tagDetail') {
  const router = createMemoryRouter(
    [
      { path: '/tag/tagDetail', element: <TagDetail /> },
      { path: '/tag/tagOfDetail', element: <TagOfDetail /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return router;
}

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, userType: '3', permissionList: CODE_PERMISSIONS });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('tag details screen', () => {
  it('lists codes with their status as the dictionary labels them, and only the actions each status allows', async () => {
    const calls = answer();
    renderAt();
    expect(await screen.findByText('XK0000000001')).toBeTruthy();
    expect(await screen.findByTestId('dict-tag-code_status-NOT_ACTIVATED')).toBeTruthy();
    expect(screen.getByTestId('dict-tag-code_status-VOIDED').textContent).toBe('已作废');
    expect(screen.getByTestId(`code-activate-${ROW.id}`)).toBeTruthy();
    expect(screen.getByTestId(`code-void-${ROW.id}`)).toBeTruthy();
    // A voided code can be neither put in force nor voided again.
    expect(screen.queryByTestId(`code-activate-${VOIDED.id}`)).toBeNull();
    expect(screen.queryByTestId(`code-void-${VOIDED.id}`)).toBeNull();
    expect(body(calls.find((c) => c.url === '/acc/api/code/pageList')!)).toMatchObject({ pageNum: 1, pageSize: 10 });
  });

  it('hides the buttons the user does not hold', async () => {
    setUser({ ...USER, userType: '3', permissionList: ['tag:code:list'] });
    answer();
    renderAt();
    expect(await screen.findByText('XK0000000001')).toBeTruthy();
    expect(screen.queryByTestId('code-export')).toBeNull();
    expect(screen.queryByTestId(`code-activate-${ROW.id}`)).toBeNull();
    expect(screen.queryByTestId(`code-void-${ROW.id}`)).toBeNull();
    expect(screen.getByTestId(`code-view-${ROW.id}`)).toBeTruthy();
  });

  it('searches by code and exports the searched codes', async () => {
    const calls = answer((config) =>
      config.url === '/acc/api/code/export'
        ? { data: new Blob(['\uFEFFcode\r\n'], { type: 'text/csv' }) }
        : undefined,
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderAt();
    await screen.findByText('XK0000000001');
    fireEvent.change(screen.getByTestId('code-search-code'), { target: { value: ' xk00 ' } });
    fireEvent.click(screen.getByTestId('table-search'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/acc/api/code/pageList').length).toBe(2));
    expect(body(calls.filter((c) => c.url === '/acc/api/code/pageList')[1]!)).toMatchObject({ code: 'xk00', codeMatch: 'PREFIX' });
    fireEvent.click(screen.getByTestId('code-export'));
    await waitFor(() => expect(calls.some((c) => c.url === '/acc/api/code/export')).toBe(true));
    const exported = calls.find((c) => c.url === '/acc/api/code/export')!;
    // An Excel file for the person who asked: codes as text cells.
    expect(exported.params).toMatchObject({ code: 'xk00', codeMatch: 'PREFIX', format: 'xlsx' });
    expect(exported.params).not.toHaveProperty('ruleId');
  });

  it('voids a code only with a reason', async () => {
    const calls = answer((config) => (config.url === '/acc/api/code/void' ? envelope(null) : undefined));
    renderAt();
    fireEvent.click(await screen.findByTestId(`code-void-${ROW.id}`));
    const form = await screen.findByTestId('void-code-form');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await within(form).findByText('请填写作废原因')).toBeTruthy();
    expect(calls.some((c) => c.url === '/acc/api/code/void')).toBe(false);
    fireEvent.change(screen.getByTestId('void-code-reason'), { target: { value: '  标签破损 ' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/acc/api/code/void')).toBe(true));
    expect(body(calls.find((c) => c.url === '/acc/api/code/void')!)).toMatchObject({ id: ROW.id, reason: '标签破损' });
  });

  it("opens a code's page with its URL and returns to the list", async () => {
    const calls = answer();
    const router = renderAt();
    fireEvent.click(await screen.findByTestId(`code-view-${ROW.id}`));
    expect((await screen.findByTestId('code-detail-url')).textContent).toContain(DETAIL.url);
    expect(router.state.location.pathname).toBe('/tag/tagOfDetail');
    expect(calls.find((c) => c.url === '/acc/api/code/getById')!.params).toMatchObject({ id: ROW.id });
    expect(screen.getByTestId('code-detail-activate')).toBeTruthy();
    fireEvent.click(screen.getByTestId('code-detail-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tag/tagDetail'));
  });
});

describe('job downloads', () => {
  function renderDownloads(codeCount: number) {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <AntApp>
        <QueryClientProvider client={client}>
          <JobDownloads jobId="job-1" codeCount={codeCount} />
        </QueryClientProvider>
      </AntApp>,
    );
  }

  it('says which code list is for people and which for coders and printers', async () => {
    setUser({ ...USER, userType: '3', permissionList: ['tag:generate:download'] });
    const calls = answer((config) =>
      config.url === '/acc/api/codeRecord/downloadCode' ? { data: new Blob(['PK'], { type: 'application/octet-stream' }) } : undefined,
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderDownloads(30);
    fireEvent.click(screen.getByTestId('job-downloads-job-1'));
    const items = await screen.findAllByRole('menuitem');
    expect(items.slice(0, 3).map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Excel 文件（查看、核对用）标签码按文本保存/),
      expect.stringMatching(/^CSV 文件（喷码机、其他系统用）/),
      expect.stringMatching(/^TXT 文件（喷码机、标签打印机用）/),
    ]);
    fireEvent.click(items[0]!);
    await waitFor(() => expect(calls.some((c) => c.url === '/acc/api/codeRecord/downloadCode')).toBe(true));
    expect(calls.find((c) => c.url === '/acc/api/codeRecord/downloadCode')!.params).toMatchObject({ id: 'job-1', format: 'xlsx' });
  });

  it('offers every format and downloads the chosen one', async () => {
    setUser({ ...USER, userType: '3', permissionList: ['tag:generate:download'] });
    const calls = answer((config) =>
      config.url === '/acc/api/codeRecord/downloadQRCode' ? { data: new Blob(['%PDF-'], { type: 'application/pdf' }) } : undefined,
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderDownloads(30);
    fireEvent.click(screen.getByTestId('job-downloads-job-1'));
    fireEvent.click(await screen.findByText('标签打印 PDF…'));
    fireEvent.click(await screen.findByText('A4，每页 4 × 10 = 40 张（52.5 × 29.7 mm）'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/acc/api/codeRecord/downloadQRCode')).toBe(true));
    const qr = calls.find((c) => c.url === '/acc/api/codeRecord/downloadQRCode')!;
    expect(qr.method).toBe('post');
    expect(JSON.parse(String(qr.data))).toMatchObject({ id: 'job-1', format: 'pdf', layout: 'A4_4x10' });
  });

  it('marks the formats a large job cannot use, and is not there without the permission', async () => {
    setUser({ ...USER, userType: '3', permissionList: ['tag:generate:download'] });
    answer();
    renderDownloads(200_000);
    fireEvent.click(screen.getByTestId('job-downloads-job-1'));
    expect((await screen.findAllByText(/超过 100000 个标签，请下载 Excel、CSV 或 TXT 文件/)).length).toBe(3);
    // The code lists have no such limit: a large job's Excel file goes on in further sheets.
    expect(screen.getByText('Excel 文件（查看、核对用）').closest('li')?.getAttribute('aria-disabled')).not.toBe('true');
    cleanup();
    setUser({ ...USER, userType: '3', permissionList: [] });
    renderDownloads(10);
    expect(screen.queryByTestId('job-downloads-job-1')).toBeNull();
  });
});
