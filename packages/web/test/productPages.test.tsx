import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import { PERMISSIONS, type BatchRow, type CategoryNode, type ProductDetail, type ProductRow, type TemplateAttribute, type TemplateDetail } from '@rd/contract';
import '../src/i18n';
import Product from '../src/pages/product/Product';
import ProductDetailPage from '../src/pages/product/ProductDetail';
import ProductTemplate from '../src/pages/product/ProductTemplate';
import ProductTemplateDetail from '../src/pages/product/ProductTemplateDetail';
import ProductBatch from '../src/pages/product/ProductBatch';
import TagGenerate from '../src/pages/tag/TagGenerate';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER, type Route } from './support/mockApi';

const attribute = (attrKey: string, type: TemplateAttribute['type'], label: string, extra: Partial<TemplateAttribute> = {}): TemplateAttribute => ({
  id: `a-${attrKey}`,
  attrKey,
  label,
  labelEn: '',
  type,
  required: false,
  sort: 0,
  showOnScan: false,
  ...extra,
});

const MELON_ATTRS = [attribute('variety', 'TEXT', '品种', { required: true }), attribute('weight', 'NUMBER', '单果重'), attribute('picked', 'DATE', '采摘日期')];
const TEA_ATTRS = [attribute('grade', 'TEXT', '茶叶等级'), attribute('story', 'RICH_TEXT', '茶园故事')];

const PRODUCT: ProductDetail = {
  id: 'p-1',
  name: '京欣一号西瓜',
  categoryId: 'c-2',
  categoryName: '西瓜',
  templateId: 't-melon',
  templateName: '西瓜模板',
  gtin: '09521234543213',
  spec: '8-10kg',
  unit: '个',
  brand: '庞各庄',
  images: [],
  status: 'ENABLED',
  version: 4,
  createdAt: '2025-06-01T00:00:00.000Z',
  updatedAt: '2025-06-02T00:00:00.000Z',
  description: '沙瓤',
  attrs: { variety: '京欣一号', weight: '8.5', picked: '2025-06-18' },
  attributes: MELON_ATTRS,
};

const CATEGORIES: CategoryNode[] = [
  { id: 'c-1', parentId: null, name: '瓜果', sort: 0, productCount: 0, children: [{ id: 'c-2', parentId: 'c-1', name: '西瓜', sort: 0, productCount: 1, children: [] }] },
];

const TEMPLATES = [
  { id: 't-melon', name: '西瓜模板', status: 'ENABLED' },
  { id: 't-tea', name: '茶叶模板', status: 'ENABLED' },
  { id: 't-old', name: '旧模板', status: 'DISABLED' },
];

const body = (config: InternalAxiosRequestConfig) => (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as Record<string, unknown>;
const callsTo = (calls: InternalAxiosRequestConfig[], url: string) => calls.filter((c) => c.url === url);

function answer(extra: Route = () => undefined) {
  return mockApi((config) => {
    const own = extra(config);
    if (own) return own;
    switch (config.url) {
      case '/acc/api/product/pageList':
        return envelope({ total: 1, list: [PRODUCT as ProductRow], pageNum: 1, pageSize: 10 });
      case '/acc/api/product/getById':
        return envelope(PRODUCT);
      case '/acc/api/productCategory/list':
        return envelope(CATEGORIES);
      case '/acc/api/productTemplate/list':
        return envelope(TEMPLATES);
      case '/acc/api/productAttr/list':
        return envelope(body(config).templateId === 't-tea' ? TEA_ATTRS : MELON_ATTRS);
      default:
        return undefined;
    }
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/productMg/product', element: <Product /> },
      { path: '/productMg/productDetail', element: <ProductDetailPage /> },
      { path: '/productMg/productTemplate', element: <ProductTemplate /> },
      { path: '/productMg/productTemplateDetail', element: <ProductTemplateDetail /> },
      { path: '/productMg/productBatch', element: <ProductBatch /> },
      { path: '/tagMg/tagGenerate', element: <TagGenerate /> },
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
  PERMISSIONS.productList,
  PERMISSIONS.productAdd,
  PERMISSIONS.productEdit,
  PERMISSIONS.productDelete,
  PERMISSIONS.templateList,
  PERMISSIONS.templateAdd,
  PERMISSIONS.templateEdit,
  PERMISSIONS.batchList,
  PERMISSIONS.batchAdd,
  PERMISSIONS.batchExport,
];

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, permissionList: ALL });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('products list', () => {
  it('lists products with their category, template and version, and only the buttons the user holds', async () => {
    setUser({ ...USER, permissionList: [PERMISSIONS.productList] });
    const calls = answer();
    renderAt('/productMg/product');
    expect(await screen.findByText('京欣一号西瓜')).toBeTruthy();
    expect(screen.getByText('09521234543213')).toBeTruthy();
    expect(screen.getByText('西瓜模板')).toBeTruthy();
    expect(screen.getByText('v4')).toBeTruthy();
    expect(screen.getByTestId('product-view-p-1')).toBeTruthy();
    expect(screen.queryByTestId('product-edit-p-1')).toBeNull();
    expect(screen.queryByTestId('product-delete-p-1')).toBeNull();
    expect(screen.queryByTestId('product-add')).toBeNull();
    // without the template permission the template filter is not offered (and not fetched)
    expect(callsTo(calls, '/acc/api/productTemplate/list')).toHaveLength(0);
  });
});

describe('product detail page', () => {
  it('builds the attribute fields from the product’s template, filled with its values', async () => {
    answer();
    renderAt('/productMg/productDetail?id=p-1');
    expect(await screen.findByText('编辑产品')).toBeTruthy();
    expect((screen.getByTestId('product-form-name') as HTMLInputElement).value).toBe('京欣一号西瓜');
    expect((await screen.findByTestId('attr-variety') as HTMLInputElement).value).toBe('京欣一号');
    expect((screen.getByTestId('attr-item-picked').querySelector('input') as HTMLInputElement).value).toBe('2025-06-18');
    expect(screen.getByText('单果重')).toBeTruthy();
    expect(screen.queryByText('茶叶等级')).toBeNull();
  });

  it('checks the GTIN check digit on the client', async () => {
    answer();
    renderAt('/productMg/productDetail?id=p-1');
    const gtin = (await screen.findByTestId('product-form-gtin')) as HTMLInputElement;
    fireEvent.change(gtin, { target: { value: '09521234543214' } });
    fireEvent.blur(gtin);
    expect(await screen.findByText('请输入正确的 GTIN：8、12、13 或 14 位数字，最后一位是 GS1 校验位')).toBeTruthy();
    fireEvent.change(gtin, { target: { value: '96385074' } });
    fireEvent.blur(gtin);
    await waitFor(() => expect(screen.queryByText('请输入正确的 GTIN：8、12、13 或 14 位数字，最后一位是 GS1 校验位')).toBeNull());
  });

  it('rebuilds the attribute fields for another template and saves only its values, with the version it edited', async () => {
    const calls = answer((config) => (config.url === '/acc/api/product/edit' ? envelope({ ...PRODUCT, version: 5 }) : undefined));
    const router = renderAt('/productMg/productDetail?id=p-1');
    await screen.findByTestId('attr-variety');
    // a disabled template is not offered to a product that does not use it
    fireEvent.mouseDown((await screen.findByTestId('product-form-template')).querySelector('input') as HTMLInputElement);
    await screen.findByText('茶叶模板');
    expect(screen.queryByText('旧模板')).toBeNull();
    fireEvent.click(screen.getByText('茶叶模板'));

    expect(await screen.findByText('茶叶等级')).toBeTruthy();
    expect(screen.queryByTestId('attr-variety')).toBeNull();
    expect(body(callsTo(calls, '/acc/api/productAttr/list').at(-1)!)).toMatchObject({ templateId: 't-tea' });
    fireEvent.change(screen.getByTestId('attr-grade'), { target: { value: '特级' } });
    fireEvent.change(screen.getByTestId('attr-story'), { target: { value: '<b>明前</b>\n手工' } });
    fireEvent.click(screen.getByTestId('product-form-save'));

    await waitFor(() => expect(callsTo(calls, '/acc/api/product/edit')).toHaveLength(1));
    expect(body(callsTo(calls, '/acc/api/product/edit')[0]!)).toMatchObject({
      id: 'p-1',
      version: 4,
      name: '京欣一号西瓜',
      templateId: 't-tea',
      categoryId: 'c-2',
      gtin: '09521234543213',
      attrs: { grade: '特级', story: '<b>明前</b>\n手工' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/productMg/product'));
  });

  it('shows the server’s field errors under the attribute fields', async () => {
    answer((config) =>
      config.url === '/acc/api/product/edit'
        ? { status: 400, data: { code: 'PARAM_CHECK', msg: '参数校验失败', data: null, errors: [{ field: 'attrs.weight', message: '请输入数字' }] } }
        : undefined,
    );
    renderAt('/productMg/productDetail?id=p-1');
    await screen.findByTestId('attr-variety');
    fireEvent.click(screen.getByTestId('product-form-save'));
    const item = screen.getByTestId('attr-item-weight');
    await waitFor(() => expect(item.textContent).toContain('请输入数字'));
  });
});

describe('template detail page', () => {
  const TEMPLATE: TemplateDetail = {
    id: 't-melon',
    name: '西瓜模板',
    remark: '',
    status: 'ENABLED',
    attributeCount: 3,
    productCount: 2,
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2025-06-01T00:00:00.000Z',
    attributes: MELON_ATTRS,
  };

  it('reorders attributes with move up and down, and saves the whole list in that order', async () => {
    const calls = answer((config) => {
      if (config.url === '/acc/api/productTemplate/getById') return envelope(TEMPLATE);
      if (config.url === '/acc/api/productTemplate/edit') return envelope(TEMPLATE);
      if (config.url === '/acc/api/productTemplate/pageList') return envelope({ total: 1, list: [TEMPLATE], pageNum: 1, pageSize: 10 });
      return undefined;
    });
    const router = renderAt('/productMg/productTemplateDetail?id=t-melon');
    expect(await screen.findByText('已有 2 个产品使用该模板：删除的属性会同时删除这些产品中对应的取值，新增的必填属性在产品下次编辑时需要填写。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('attr-down-0')); // variety below weight
    fireEvent.click(screen.getByTestId('attr-up-2')); // picked above variety
    fireEvent.click(screen.getByTestId('attr-add'));
    fireEvent.change(screen.getByTestId('attr-key-3'), { target: { value: 'weight' } });
    fireEvent.change(screen.getByTestId('attr-label-3'), { target: { value: '重复' } });
    fireEvent.click(screen.getByTestId('template-form-save'));
    // a repeated key is refused on the client
    expect(await screen.findByText('不能重复')).toBeTruthy();
    fireEvent.change(screen.getByTestId('attr-key-3'), { target: { value: 'grade' } });
    fireEvent.click(screen.getByTestId('attr-required-3'));
    fireEvent.click(screen.getByTestId('template-form-save'));

    await waitFor(() => expect(callsTo(calls, '/acc/api/productTemplate/edit')).toHaveLength(1));
    const sent = body(callsTo(calls, '/acc/api/productTemplate/edit')[0]!);
    expect(sent).toMatchObject({ id: 't-melon', name: '西瓜模板', status: 'ENABLED' });
    expect((sent.attributes as Array<{ attrKey: string; required: boolean }>).map((a) => [a.attrKey, a.required])).toEqual([
      ['weight', false],
      ['picked', false],
      ['variety', true],
      ['grade', true],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/productMg/productTemplate'));
  });
});

describe('batches', () => {
  const ROW: BatchRow = {
    id: 'b-1',
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

  it('lists batches, offers no export without bound codes, and adds one with a farming record from the drawer', async () => {
    const calls = answer((config) => {
      if (config.url === '/acc/api/productBatch/pageList') return envelope({ total: 1, list: [ROW], pageNum: 1, pageSize: 10 });
      if (config.url === '/acc/api/product/list') return envelope([{ id: 'p-1', name: '京欣一号西瓜', gtin: null, status: 'ENABLED', templateId: null }]);
      if (config.url === '/acc/api/productBatch/add') return envelope({ ...ROW, farmingRecords: [], inspectionReports: [] });
      return undefined;
    });
    renderAt('/productMg/productBatch');
    expect(await screen.findByText('PGZ-0601')).toBeTruthy();
    expect(screen.getByText('1,200')).toBeTruthy();
    expect((screen.getByTestId('batch-export-b-1') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('batch-add'));
    const drawer = await screen.findByTestId('batch-form');
    await choose('batch-form-product', '京欣一号西瓜');
    fireEvent.change(within(drawer).getByTestId('batch-form-batchNo'), { target: { value: 'A B' } });
    fireEvent.click(within(drawer).getByTestId('batch-form-save'));
    expect(await within(drawer).findByText(/批次号为 1 至 20 位/)).toBeTruthy();
    fireEvent.change(within(drawer).getByTestId('batch-form-batchNo'), { target: { value: 'PGZ-0615' } });
    fireEvent.click(within(drawer).getByTestId('farming-add'));
    const record = await within(drawer).findByTestId('farming-0');
    const date = record.querySelectorAll('.ant-picker input')[0] as HTMLInputElement;
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2025-03-10' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    fireEvent.click(within(drawer).getByTestId('batch-form-save'));

    await waitFor(() => expect(callsTo(calls, '/acc/api/productBatch/add')).toHaveLength(1));
    expect(body(callsTo(calls, '/acc/api/productBatch/add')[0]!)).toMatchObject({
      productId: 'p-1',
      batchNo: 'PGZ-0615',
      quantity: 0,
      farmingRecords: [{ kind: 'SOWING', date: '2025-03-10', operator: '', material: '', images: [] }],
      inspectionReports: [],
    });
  });
});

describe('tag generation form', () => {
  it('offers the product and its batches, and sends them with the job', async () => {
    setUser({ ...USER, permissionList: [PERMISSIONS.codeRecordList, PERMISSIONS.codeRecordAdd, PERMISSIONS.productList, PERMISSIONS.batchList] });
    const calls = answer((config) => {
      if (config.url === '/acc/api/codeRecord/pageList') return envelope({ total: 0, list: [], pageNum: 1, pageSize: 10 });
      if (config.url === '/acc/api/rule/list') return envelope([{ id: 'rule-1', ruleName: '瓶盖码', kind: 'ITEM', mode: 'RANDOM' }]);
      if (config.url === '/acc/api/product/list') return envelope([{ id: 'p-1', name: '京欣一号西瓜', gtin: '09521234543213', status: 'ENABLED', templateId: null }]);
      if (config.url === '/acc/api/productBatch/list') return envelope([{ id: 'b-1', productId: 'p-1', batchNo: 'PGZ-0601', productionDate: null }]);
      if (config.url === '/acc/api/codeRecord/add') return envelope({ id: 'job-1' });
      return undefined;
    });
    renderAt('/tagMg/tagGenerate');
    await choose('generate-rule', '瓶盖码（随机）');
    await choose('select-product', '京欣一号西瓜（09521234543213）');
    await choose('select-batch', 'PGZ-0601');
    expect(callsTo(calls, '/acc/api/productBatch/list')[0]!.params).toMatchObject({ productId: 'p-1' });
    fireEvent.change(screen.getByTestId('generate-quantity'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('generate-submit'));
    await waitFor(() => expect(callsTo(calls, '/acc/api/codeRecord/add')).toHaveLength(1));
    expect(body(callsTo(calls, '/acc/api/codeRecord/add')[0]!)).toMatchObject({ ruleId: 'rule-1', quantity: 1000, productId: 'p-1', batchId: 'b-1' });
  });
});
