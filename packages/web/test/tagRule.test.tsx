import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import type { RulePreview, RuleRow } from '@rd/contract';
import '../src/i18n';
import TagRule from '../src/pages/tag/TagRule';
import TagRuleDetail from '../src/pages/tag/TagRuleDetail';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER, type Route } from './support/mockApi';

const FREE: RuleRow = {
  id: '11111111-1111-1111-1111-111111111111',
  ruleName: '单品防伪码',
  kind: 'ITEM',
  mode: 'RANDOM',
  prefix: 'XG',
  bodyLength: 12,
  alphabet: 'CROCKFORD32',
  checkScheme: 'MOD37_36',
  hiddenLength: 6,
  urlForm: 'SCAN',
  repeatThreshold: 5,
  status: 'ENABLED',
  remark: '',
  nextSerial: '1',
  jobCount: 0,
  shapeLocked: false,
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
};
const USED: RuleRow = {
  ...FREE,
  id: '22222222-2222-2222-2222-222222222222',
  ruleName: '仓库箱码',
  kind: 'BOX',
  mode: 'SEQUENTIAL',
  prefix: 'B',
  bodyLength: 8,
  hiddenLength: 0,
  jobCount: 3,
  shapeLocked: true,
};

const PREVIEW: RulePreview = {
  samples: [
    { code: 'XG7K2M9Q4R8T1VW', checkChar: 'W', hiddenCode: '048213', url: 'https://trace.example.com/antiCounterfeiting?code=XG7K2M9Q4R8T1VW' },
    { code: 'XGA1B2C3D4E5F6M', checkChar: 'M', hiddenCode: '913370', url: 'https://trace.example.com/antiCounterfeiting?code=XGA1B2C3D4E5F6M' },
  ],
  totalLength: 15,
  spaceLog10: 18.06,
  plannedVolume: 1_000_000_000,
  oddsLog10: 9.06,
  meetsGuessBound: true,
  maxSerial: null,
  gtin: null,
  sampleGtin: false,
};

const ALL_CODES = ['tag:rule:list', 'tag:rule:add', 'tag:rule:edit', 'tag:rule:delete'];
const body = (config: InternalAxiosRequestConfig) => (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as Record<string, unknown>;
const callsTo = (calls: InternalAxiosRequestConfig[], path: string) => calls.filter((c) => c.url === `/acc/api/rule/${path}`);

function answer(extra: Route = () => undefined) {
  return mockApi((config) => {
    const own = extra(config);
    if (own) return own;
    if (config.url === '/acc/api/rule/pageList') return envelope({ total: 2, list: [FREE, USED], pageNum: 1, pageSize: 10 });
    if (config.url === '/acc/api/rule/getById') {
      const id = (config.params as { id: string }).id;
      return envelope([FREE, USED].find((r) => r.id === id) ?? null);
    }
    if (config.url === '/acc/api/rule/preview') {
      // Like the server: hidden codes only for a rule that has them.
      const hidden = Number(body(config).hiddenLength) > 0;
      return envelope({ ...PREVIEW, samples: PREVIEW.samples.map((s) => ({ ...s, hiddenCode: hidden ? s.hiddenCode : '' })) });
    }
    return undefined;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/tagMg/tagRule', element: <TagRule /> },
      { path: '/tagMg/tagRuleDetail', element: <TagRuleDetail /> },
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
  setUser({ ...USER, permissionList: ALL_CODES });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('tag rules list', () => {
  it('lists rules with their format, and shows only the buttons the user holds', async () => {
    setUser({ ...USER, permissionList: ['tag:rule:list'] });
    const calls = answer();
    renderAt('/tagMg/tagRule');
    expect(await screen.findByText('单品防伪码')).toBeTruthy();
    expect(screen.getByText('仓库箱码')).toBeTruthy();
    expect(screen.getByText('顺序码')).toBeTruthy();
    expect(screen.getAllByText('ISO 7064 MOD 37-36', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByTestId(`rule-view-${FREE.id}`)).toBeTruthy();
    expect(screen.queryByTestId('rule-add')).toBeNull();
    expect(screen.queryByTestId(`rule-edit-${FREE.id}`)).toBeNull();
    expect(screen.queryByTestId(`rule-delete-${FREE.id}`)).toBeNull();
    expect(body(callsTo(calls, 'pageList')[0]!)).toMatchObject({ pageNum: 1, pageSize: 10, lang: 'zh_CN' });
  });

  it('asks before deleting with the catalogue’s warning, and offers no delete for a rule with jobs', async () => {
    const calls = answer((config) => (config.url === '/acc/api/rule/deleteById' ? envelope(null) : undefined));
    renderAt('/tagMg/tagRule');
    const usedDelete = (await screen.findByTestId(`rule-delete-${USED.id}`)) as HTMLButtonElement;
    expect(usedDelete.disabled).toBe(true);

    fireEvent.click(screen.getByTestId(`rule-delete-${FREE.id}`));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('删除操作可能会导致业务数据异常，确定删除规则“单品防伪码”吗？');
    const listsBefore = callsTo(calls, 'pageList').length;
    fireEvent.click(within(dialog).getByText('确 定'));
    await waitFor(() => expect(callsTo(calls, 'deleteById')).toHaveLength(1));
    expect(body(callsTo(calls, 'deleteById')[0]!)).toEqual({ id: FREE.id, lang: 'zh_CN' });
    await waitFor(() => expect(callsTo(calls, 'pageList').length).toBeGreaterThan(listsBefore));
  });

  it('opens the detail page to add, edit and view', async () => {
    answer();
    const router = renderAt('/tagMg/tagRule');
    fireEvent.click(await screen.findByTestId(`rule-edit-${FREE.id}`));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tagMg/tagRuleDetail'));
    expect(router.state.location.search).toBe(`?id=${FREE.id}`);
    expect(await screen.findByText('编辑标签规则')).toBeTruthy();
  });
});

describe('tag rule detail page', () => {
  it('previews the new rule 300 ms after the form settles, with check characters, URLs and the code-space figures', async () => {
    const calls = answer();
    renderAt('/tagMg/tagRuleDetail');
    expect(await screen.findByText('新增标签规则')).toBeTruthy();
    const samples = await screen.findByTestId('rule-preview-samples');
    expect(within(samples).getAllByTestId('rule-preview-sample')).toHaveLength(2);
    expect(samples.textContent).toContain('校验位: W');
    expect(samples.textContent).not.toContain('隐藏码');
    expect(samples.textContent).toContain('https://trace.example.com/antiCounterfeiting?code=XG7K2M9Q4R8T1VW');
    expect(screen.getByTestId('rule-preview-bound').textContent).toBe('满足防猜测要求（低于千万分之一）');
    expect(screen.getByTestId('rule-preview-figures').textContent).toContain('约 10^18.1 个');
    expect(body(callsTo(calls, 'preview')[0]!)).toEqual({
      kind: 'ITEM',
      mode: 'RANDOM',
      prefix: '',
      bodyLength: 12,
      alphabet: 'CROCKFORD32',
      checkScheme: 'DAMM',
      hiddenLength: 0,
      urlForm: 'SCAN',
      lang: 'zh_CN',
    });

    // Typing fast asks once, for what was typed last, upper-cased.
    const prefix = screen.getByTestId('rule-form-prefix');
    fireEvent.change(prefix, { target: { value: 'x' } });
    fireEvent.change(prefix, { target: { value: 'xg' } });
    await waitFor(() => expect(callsTo(calls, 'preview')).toHaveLength(2));
    expect(body(callsTo(calls, 'preview')[1]!)).toMatchObject({ prefix: 'XG' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(calls, 'preview')).toHaveLength(2);

    // A body too short for the guessing bound: the panel says why and does not ask the server.
    fireEvent.change(screen.getByTestId('rule-form-bodyLength'), { target: { value: '8' } });
    const problems = await screen.findByTestId('rule-preview-problems');
    expect(problems.textContent).toContain('随机码使用该字符集时码长至少为 11 位');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo(calls, 'preview')).toHaveLength(2);
  });

  it('checks the form before saving, then adds the rule and returns to the list', async () => {
    const calls = answer((config) => (config.url === '/acc/api/rule/add' ? envelope({ ...FREE, id: 'new' }) : undefined));
    const router = renderAt('/tagMg/tagRuleDetail');
    const save = await screen.findByTestId('rule-form-save');
    fireEvent.click(save);
    expect(await screen.findByText('此项为必填项')).toBeTruthy();
    expect(callsTo(calls, 'add')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('rule-form-ruleName'), { target: { value: ' 新规则 ' } });
    fireEvent.change(screen.getByTestId('rule-form-prefix'), { target: { value: 'ab' } });
    fireEvent.click(save);
    await waitFor(() => expect(callsTo(calls, 'add')).toHaveLength(1));
    expect(body(callsTo(calls, 'add')[0]!)).toEqual({
      ruleName: '新规则',
      kind: 'ITEM',
      mode: 'RANDOM',
      prefix: 'AB',
      bodyLength: 12,
      alphabet: 'CROCKFORD32',
      checkScheme: 'DAMM',
      hiddenLength: 0,
      urlForm: 'SCAN',
      repeatThreshold: 5,
      status: 'ENABLED',
      remark: '',
      lang: 'zh_CN',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tagMg/tagRule'));
  });

  it('puts the server’s refusal on the field it names', async () => {
    answer((config) =>
      config.url === '/acc/api/rule/add'
        ? { status: 409, data: { code: 'DUPLICATE', msg: '规则名称已存在：旧规则', data: null, errors: [{ field: 'ruleName', message: '规则名称已存在：旧规则' }] } }
        : undefined,
    );
    renderAt('/tagMg/tagRuleDetail');
    fireEvent.change(await screen.findByTestId('rule-form-ruleName'), { target: { value: '旧规则' } });
    fireEvent.click(screen.getByTestId('rule-form-save'));
    const form = screen.getByTestId('rule-form');
    await waitFor(() => expect(within(form).getByText('规则名称已存在：旧规则')).toBeTruthy());
  });

  it('locks the code format of a rule that has codes, and shows a rule read-only in view mode', async () => {
    answer();
    renderAt(`/tagMg/tagRuleDetail?id=${USED.id}`);
    expect(await screen.findByTestId('rule-locked')).toBeTruthy();
    expect(screen.getByTestId('rule-sequential-warning')).toBeTruthy();
    expect((screen.getByTestId('rule-form-prefix') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('rule-form-bodyLength') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('rule-form-ruleName') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByTestId('rule-form-save')).toBeTruthy();
    cleanup();

    answer();
    renderAt(`/tagMg/tagRuleDetail?id=${FREE.id}&mode=view`);
    expect(await screen.findByText('标签规则详情')).toBeTruthy();
    expect((screen.getByTestId('rule-form-ruleName') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('rule-form-prefix') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('rule-form-save')).toBeNull();
    // It printed with the old MOD 37-36 check: the form says so and keeps it.
    expect(screen.getByTestId('rule-legacy-check').textContent).toContain('旧的 ISO 7064 MOD 37-36');
    // Its hidden codes (6 digits under the company's key) come with the samples.
    const samples = await screen.findByTestId('rule-preview-samples');
    expect(samples.textContent).toContain('隐藏码: 048213');
  });
});
