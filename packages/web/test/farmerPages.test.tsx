import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERMISSIONS, type FarmerDetail, type FarmerRow, type MaterialTypeNode } from '@rd/contract';
import '../src/i18n';
import FarmerInfo from '../src/pages/farmer/FarmerInfo';
import FarmerDetailPage from '../src/pages/farmer/FarmerDetail';
import ProductBatch from '../src/pages/product/ProductBatch';
import { withMaterialType } from '../src/pages/product/productBatch/materialText';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { emptyPage, envelope, mockApi, USER, type Route } from './support/mockApi';

const ROW: FarmerRow = {
  id: 'f-1',
  name: '王建国',
  phone: '13812345678',
  idCard: '110***********002X',
  regionCode: '110115',
  regionName: '北京市大兴区',
  address: '',
  plantingBase: '四各庄基地',
  plantingArea: '12.50',
  varieties: '京欣一号',
  photoFileId: null,
  status: 'ENABLED',
  products: [{ id: 'p-1', name: '京欣一号西瓜' }],
  batchCount: 2,
  createdAt: '2025-06-01T00:00:00.000Z',
  updatedAt: '2025-06-01T00:00:00.000Z',
};

const DETAIL: FarmerDetail = {
  ...ROW,
  certifications: '绿色食品',
  remark: '',
  idCardMasked: true,
  batches: [{ id: 'b-1', batchNo: 'PGZ-0601', productId: 'p-1', productName: '京欣一号西瓜', productionDate: '2025-06-16', harvestDate: null, quantity: 2000 }],
};

const TREE: MaterialTypeNode[] = [
  { typeCode: '02', typeName: '肥料', children: [{ typeCode: '0202', typeName: '化肥', children: [{ typeCode: '020204', typeName: '复合肥', children: [] }] }] },
];

const body = (config: InternalAxiosRequestConfig) => (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as Record<string, unknown>;
const callsTo = (calls: InternalAxiosRequestConfig[], url: string) => calls.filter((c) => c.url === url);

function answer(extra: Route = () => undefined) {
  return mockApi((config) => {
    const own = extra(config);
    if (own) return own;
    switch (config.url) {
      case '/acc/api/farmer/pageList':
        return envelope({ total: 1, list: [ROW], pageNum: 1, pageSize: 10 });
      case '/acc/api/farmer/getById':
        return envelope(DETAIL);
      case '/acc/api/product/list':
        return envelope([
          { id: 'p-1', name: '京欣一号西瓜', gtin: null, status: 'ENABLED', templateId: null },
          { id: 'p-2', name: '麒麟西瓜', gtin: null, status: 'ENABLED', templateId: null },
        ]);
      case '/acc/api/productBatch/pageList':
        return emptyPage;
      case '/api/inner/acc/materialType/tree':
        return envelope(TREE);
      default:
        return undefined;
    }
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/farmerInfo/farmerInfo', element: <FarmerInfo /> },
      { path: '/farmerInfo/farmerDetail', element: <FarmerDetailPage /> },
      { path: '/productMg/productBatch', element: <ProductBatch /> },
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

async function choose(testId: string, optionText: string) {
  const select = (await screen.findByTestId(testId)).querySelector('input') as HTMLInputElement;
  fireEvent.mouseDown(select);
  const options = await screen.findAllByText(optionText);
  fireEvent.click(options[options.length - 1]!);
}

const ALL = [
  PERMISSIONS.farmerList,
  PERMISSIONS.farmerAdd,
  PERMISSIONS.farmerEdit,
  PERMISSIONS.farmerDelete,
  PERMISSIONS.productList,
  PERMISSIONS.batchList,
  PERMISSIONS.batchAdd,
];

configure({ asyncUtilTimeout: 10_000 });
// antd dialogs and drawers render slowly in jsdom on a busy machine
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, permissionList: ALL });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('growers list', () => {
  it('shows masked ID cards, products and batches; no delete while batches name the grower; only granted buttons', async () => {
    setUser({ ...USER, permissionList: [PERMISSIONS.farmerList, PERMISSIONS.farmerDelete] });
    answer();
    renderAt('/farmerInfo/farmerInfo');
    expect(await screen.findByText('110***********002X')).toBeTruthy();
    expect(screen.getByText('北京市大兴区（110115）')).toBeTruthy();
    expect(screen.getByText('京欣一号西瓜')).toBeTruthy();
    expect((screen.getByTestId('farmer-delete-f-1') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('farmer-add')).toBeNull();
    expect(screen.queryByTestId('farmer-edit-f-1')).toBeNull();
  });

  it('sends the search filters', async () => {
    const calls = answer();
    renderAt('/farmerInfo/farmerInfo');
    await screen.findByText('王建国');
    fireEvent.change(screen.getByTestId('farmer-search-region'), { target: { value: ' 1101 ' } });
    fireEvent.change(screen.getByTestId('farmer-search-name'), { target: { value: '建国' } });
    fireEvent.click(screen.getByTestId('table-search'));
    await waitFor(() => expect(callsTo(calls, '/acc/api/farmer/pageList').some((c) => body(c).region === '1101')).toBe(true));
    expect(body(callsTo(calls, '/acc/api/farmer/pageList').at(-1)!)).toMatchObject({ name: '建国', region: '1101', pageNum: 1 });
  });

  it('adds a grower: the ID card check character and the region code are checked before sending', async () => {
    const calls = answer((config) => (config.url === '/acc/api/farmer/add' ? envelope({ ...DETAIL, idCardMasked: false }) : undefined));
    renderAt('/farmerInfo/farmerInfo');
    fireEvent.click(await screen.findByTestId('farmer-add'));
    const form = await screen.findByTestId('farmer-form');
    fireEvent.change(within(form).getByTestId('farmer-form-name'), { target: { value: '李秀英' } });
    // 110101199003071233 is right; a 4 there is not the GB 11643 check character
    fireEvent.change(within(form).getByTestId('farmer-form-idCard'), { target: { value: '110101199003071234' } });
    fireEvent.change(within(form).getByTestId('farmer-form-regionCode'), { target: { value: '1101' } });
    fireEvent.click(screen.getByText('确 定'));
    expect(await within(form).findByText('请输入正确的身份证号码')).toBeTruthy();
    expect(await within(form).findByText('请输入 6 位行政区划代码')).toBeTruthy();
    expect(callsTo(calls, '/acc/api/farmer/add')).toHaveLength(0);

    fireEvent.change(within(form).getByTestId('farmer-form-idCard'), { target: { value: '11010519491231002x' } });
    fireEvent.change(within(form).getByTestId('farmer-form-regionCode'), { target: { value: '110115' } });
    fireEvent.change(within(form).getByTestId('farmer-form-regionName'), { target: { value: '北京市大兴区' } });
    fireEvent.change(within(form).getByTestId('farmer-form-phone'), { target: { value: '010-61234567' } });
    await choose('farmer-form-products', '麒麟西瓜');
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(callsTo(calls, '/acc/api/farmer/add')).toHaveLength(1));
    expect(body(callsTo(calls, '/acc/api/farmer/add')[0]!)).toMatchObject({
      name: '李秀英',
      idCard: '11010519491231002X',
      regionCode: '110115',
      regionName: '北京市大兴区',
      phone: '010-61234567',
      plantingArea: null,
      photoFileId: null,
      status: 'ENABLED',
      productIds: ['p-2'],
    });
  });
});

describe('grower detail page', () => {
  it('shows the profile with the masked ID card, the products and the batches, and returns to the list', async () => {
    const calls = answer();
    const router = renderAt('/farmerInfo/farmerDetail?id=f-1');
    expect((await screen.findByTestId('farmer-detail-idCard')).textContent).toBe('110***********002X');
    expect(screen.getByText('您没有编辑瓜农的权限，身份证号已脱敏显示')).toBeTruthy();
    expect(within(screen.getByTestId('farmer-detail-products')).getByText('京欣一号西瓜')).toBeTruthy();
    expect(within(screen.getByTestId('farmer-detail-batches')).getByText('PGZ-0601')).toBeTruthy();
    expect(callsTo(calls, '/acc/api/farmer/getById')[0]!.params).toMatchObject({ id: 'f-1' });
    fireEvent.click(screen.getByTestId('farmer-detail-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/farmerInfo/farmerInfo'));
  });
});

describe('batch form', () => {
  it('finds the grower by name once typing pauses, and sends the chosen one', async () => {
    const calls = answer((config) => (config.url === '/acc/api/productBatch/add' ? envelope({}) : undefined));
    renderAt('/productMg/productBatch');
    fireEvent.click(await screen.findByTestId('batch-add'));
    const drawer = await screen.findByTestId('batch-form');
    await choose('batch-form-product', '京欣一号西瓜');
    fireEvent.change(within(drawer).getByTestId('batch-form-batchNo'), { target: { value: 'PGZ-0701' } });
    const search = within(drawer).getByTestId('farmer-select').querySelector('input') as HTMLInputElement;
    fireEvent.mouseDown(search);
    for (const typed of ['王', '王建', '王建国']) fireEvent.change(search, { target: { value: typed } });
    await waitFor(() => expect(callsTo(calls, '/acc/api/farmer/pageList').some((c) => body(c).name === '王建国')).toBe(true));
    // the keystrokes in between asked nothing
    expect(callsTo(calls, '/acc/api/farmer/pageList').filter((c) => body(c).name === '王' || body(c).name === '王建')).toHaveLength(0);
    const options = await screen.findAllByText('王建国（13812345678）');
    fireEvent.click(options[options.length - 1]!);
    fireEvent.click(within(drawer).getByTestId('batch-form-save'));
    await waitFor(() => expect(callsTo(calls, '/acc/api/productBatch/add')).toHaveLength(1));
    expect(body(callsTo(calls, '/acc/api/productBatch/add')[0]!)).toMatchObject({ batchNo: 'PGZ-0701', farmerId: 'f-1' });
  });

  it('puts a picked material type first and keeps what was typed after it', () => {
    const known = ['肥料', '化肥', '复合肥', '钾肥'];
    expect(withMaterialType('', '复合肥', known, 100)).toBe('复合肥');
    expect(withMaterialType('50kg/亩', '复合肥', known, 100)).toBe('复合肥 50kg/亩');
    expect(withMaterialType('复合肥 50kg/亩', '钾肥', known, 100)).toBe('钾肥 50kg/亩');
    expect(withMaterialType('化肥', '复合肥', known, 100)).toBe('复合肥');
    expect(withMaterialType('x'.repeat(100), '复合肥', known, 10)).toHaveLength(10);
  });
});
