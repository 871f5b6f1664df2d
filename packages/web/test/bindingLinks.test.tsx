import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { PERMISSIONS, type BatchRow, type BindableBatch, type CodeRecordRow } from '@rd/contract';
import CodeBindingProduce from '../src/pages/public/CodeBindingProduce';
import ProductBatch from '../src/pages/product/ProductBatch';
import { JobCodeCounts } from '../src/pages/tag/tagGenerate/JobCodeCounts';
import { PACK_PATH, linkedBatchId, preselection, produceLink } from '../src/pages/public/binding/bindingLinks';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setToken, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';
import { codeRecordRow } from './support/codeRecordRow';

const B1 = '11111111-1111-4111-8111-111111111111';
const B2 = '22222222-2222-4222-8222-222222222222';
const BATCHES: BindableBatch[] = [
  { batchId: B1, batchNo: 'PGZ-0601', productId: 'p-1', productName: '京欣一号西瓜', productionDate: '2025-06-01' },
  { batchId: B2, batchNo: 'TEA-0415', productId: 'p-2', productName: '明前龙井', productionDate: null },
];

describe('links to the binding pages', () => {
  it('name the product and batch to pick, when there are any', () => {
    expect(produceLink()).toBe('/codeBindingProduce');
    expect(produceLink({ productId: null, batchId: null })).toBe('/codeBindingProduce');
    expect(produceLink({ productId: 'p-1' })).toBe('/codeBindingProduce?productId=p-1');
    expect(produceLink({ productId: 'p-1', batchId: B1 })).toBe(`/codeBindingProduce?productId=p-1&batchId=${B1}`);
    expect(PACK_PATH).toBe('/codeBinding');
  });

  it('ask the server for the linked batch only when it is an id', () => {
    expect(linkedBatchId(new URLSearchParams(`batchId=${B1}`))).toBe(B1);
    expect(linkedBatchId(new URLSearchParams('batchId=nope'))).toBeUndefined();
    expect(linkedBatchId(new URLSearchParams(''))).toBeUndefined();
  });

  it('start the page with the linked batch and its product, else the linked product, and say when neither is offered', () => {
    const pick = (query: string) => preselection(new URLSearchParams(query), BATCHES);
    expect(pick('')).toEqual({ missing: false });
    expect(pick(`batchId=${B2}`)).toEqual({ productId: 'p-2', batchId: B2, missing: false });
    // a batch named with another product is taken with its own
    expect(pick(`productId=p-1&batchId=${B2}`)).toEqual({ productId: 'p-2', batchId: B2, missing: false });
    expect(pick('productId=p-1')).toEqual({ productId: 'p-1', missing: false });
    // a batch gone: its product still, and a word about it
    expect(pick('productId=p-1&batchId=33333333-3333-4333-8333-333333333333')).toEqual({ productId: 'p-1', missing: true });
    expect(pick('productId=p-9')).toEqual({ missing: true });
  });
});

const job = (patch: Partial<CodeRecordRow>): CodeRecordRow => codeRecordRow({ productId: 'p-1', batchId: B1, boundCount: 10, ...patch });

const BATCH_ROW: BatchRow = {
  id: B1,
  productId: 'p-1',
  productName: '京欣一号西瓜',
  batchNo: 'PGZ-0601',
  productionDate: '2025-06-01',
  expiryDate: '2025-06-30',
  quantity: 1200,
  farmerId: null,
  farmerName: null,
  origin: '庞各庄',
  harvestDate: null,
  remark: '',
  codeCount: 0,
  boundCount: 0,
  activatedCount: 0,
  voidedCount: 0,
  createdAt: '2025-06-01T00:00:00.000Z',
  updatedAt: '2025-06-01T00:00:00.000Z',
};

function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter([...routes, { path: '/codeBindingProduce', element: <CodeBindingProduce /> }], { initialEntries: [path] });
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

const signIn = (permissions: string[]) => {
  setToken('token-1');
  setUser({ ...USER, permissionList: permissions });
};

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ token: '', user: null, buttons: [] });
});

describe('the job list’s counts', () => {
  it('lead from an item job’s bound count to binding, with its batch picked, and a box job to packing, for users who may bind', () => {
    signIn([PERMISSIONS.codeBind]);
    renderRoutes([{ path: '/jobs', element: <JobCodeCounts row={job({})} /> }], '/jobs');
    const bound = screen.getByTestId('job-bind-job-1');
    expect(bound.textContent).toBe('绑定批次 10');
    expect(bound.getAttribute('href')).toBe(`/codeBindingProduce?productId=p-1&batchId=${B1}`);
    expect(screen.queryByTestId('job-pack-job-1')).toBeNull();
    cleanup();

    renderRoutes([{ path: '/jobs', element: <JobCodeCounts row={job({ ruleKind: 'BOX', boundCount: 0, productId: null, batchId: null })} /> }], '/jobs');
    expect(screen.queryByTestId('job-bind-job-1')).toBeNull();
    expect(screen.getByTestId('job-pack-job-1').getAttribute('href')).toBe('/codeBinding');
  });

  it('stay plain text for users who may not bind', () => {
    signIn([PERMISSIONS.codeRecordList]);
    renderRoutes([{ path: '/jobs', element: <JobCodeCounts row={job({})} /> }], '/jobs');
    expect(screen.getByTestId('job-counts-job-1').textContent).toContain('绑定批次 10');
    expect(screen.queryByTestId('job-bind-job-1')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('binding codes from a batch row', () => {
  function answerBatches() {
    return mockApi((config) => {
      if (config.url === '/acc/api/productBatch/pageList') return envelope({ total: 1, list: [BATCH_ROW], pageNum: 1, pageSize: 10 });
      if (config.url === '/acc/api/product/list') return envelope([]);
      if (config.url === '/acc/api/code/bindableBatches') return envelope(BATCHES);
      if (config.url === '/acc/api/code/bindBatch') return envelope({ bound: 1, unchanged: 0, productName: '京欣一号西瓜', batchNo: 'PGZ-0601' });
      return undefined;
    });
  }

  it('is offered only to users who may bind', async () => {
    answerBatches();
    signIn([PERMISSIONS.batchList, PERMISSIONS.batchAdd]);
    renderRoutes([{ path: '/productBatch', element: <ProductBatch /> }], '/productBatch');
    expect(await screen.findByTestId(`batch-edit-${B1}`)).toBeTruthy();
    expect(screen.queryByTestId(`batch-bind-${B1}`)).toBeNull();
  });

  it('opens the binding page signed in with the batch picked, and lists a lower-case scan as the code it was read as', async () => {
    const calls = answerBatches();
    signIn([PERMISSIONS.batchList, PERMISSIONS.codeBind]);
    const router = renderRoutes([{ path: '/productBatch', element: <ProductBatch /> }], '/productBatch');
    const link = await screen.findByTestId(`batch-bind-${B1}`);
    expect(link.textContent).toBe('绑定标签码');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/codeBindingProduce'));
    expect(router.state.location.search).toBe(`?productId=p-1&batchId=${B1}`);

    // what the page is for, the staff member of the portal's session, the batch picked and ready to scan
    expect(screen.getByTestId('binding-hint').textContent).toContain('把单品码绑定到产品批次');
    expect((await screen.findByTestId('staff-name')).textContent).toBe(USER.name);
    const input = await screen.findByTestId<HTMLInputElement>('scan-input');
    expect(calls.find((c) => c.url === '/acc/api/code/bindableBatches')?.params).toMatchObject({ batchId: B1 });
    expect(document.body.textContent).toContain('PGZ-0601 (2025-06-01)');

    fireEvent.change(input, { target: { value: ' 0hbrmxaqd56hm ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('bound-now').textContent).toBe('1'));
    expect(screen.getByTestId('tally-ok').querySelector('.scan-tally__code')?.textContent).toBe('0HBRMXAQD56HM');
    const sent = calls.filter((c) => c.url === '/acc/api/code/bindBatch').map((c) => JSON.parse(String(c.data)) as { batchId: string; codes: string[] });
    expect(sent).toEqual([expect.objectContaining({ batchId: B1, codes: ['0HBRMXAQD56HM'] })]);
  });

  it('says so when the linked batch is not offered, and leaves the batch to pick', async () => {
    answerBatches();
    signIn([PERMISSIONS.codeBind]);
    renderRoutes([], '/codeBindingProduce?batchId=33333333-3333-4333-8333-333333333333');
    expect(await screen.findByTestId('bind-link-missing')).toBeTruthy();
    expect(screen.queryByTestId('scan-input')).toBeNull();
  });
});
