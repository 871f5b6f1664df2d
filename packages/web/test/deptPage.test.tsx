import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DeptNode, DictEntry } from '@rd/contract';
import Dept from '../src/pages/system/Dept';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';

const dept = (id: string, deptName: string, status: string, children: DeptNode[] = []): DeptNode =>
  ({ id, parentId: null, deptName, sort: 0, leader: '', phone: '', email: '', status, children }) as DeptNode;

const TREE: DeptNode[] = [
  dept('d-hq', '总部', 'ENABLED', [dept('d-rd', '研发部', 'DISABLED'), dept('d-odd', '旧部门', 'ARCHIVED')]),
];

const DICTIONARIES: DictEntry[] = [
  { typeCode: 'sys_status', dicCode: 'ENABLED', dicName: '启用', dicNameEn: 'Enabled', sort: 1, tagColor: 'success' },
  { typeCode: 'sys_status', dicCode: 'DISABLED', dicName: '停用', dicNameEn: 'Disabled', sort: 2, tagColor: 'error' },
];

function renderDept() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <Dept />
      </QueryClientProvider>
    </AntApp>,
  );
}

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('departments screen', () => {
  it('shows the tree with statuses as dictionary tags, an unknown status as it is, and only permitted buttons', async () => {
    setUser({ ...USER, permissionList: ['system:dept:list', 'system:dept:edit'] });
    const calls = mockApi((config) => {
      if (config.url === '/acc/api/pmcpDept/list') return envelope(TREE);
      if (config.url === '/acc/api/sysDict/all') return envelope(DICTIONARIES);
      return undefined;
    });
    renderDept();

    expect(await screen.findByText('研发部')).toBeTruthy();
    expect(screen.getByText('总部')).toBeTruthy();
    expect((await screen.findByTestId('dict-tag-sys_status-DISABLED')).textContent).toBe('停用');
    expect(screen.getByTestId('dict-tag-sys_status-ENABLED').textContent).toBe('启用');
    expect(screen.getByText('ARCHIVED')).toBeTruthy();

    expect(screen.getByTestId('dept-add')).toBeTruthy();
    expect(screen.getByTestId('dept-add-child-d-rd')).toBeTruthy();
    expect(screen.queryByTestId('dept-delete-d-rd')).toBeNull();
    expect(calls.filter((c) => c.url === '/acc/api/sysDict/all')).toHaveLength(1);
  });

  it('asks before deleting, with the catalogue’s warning, then deletes and reloads the tree', async () => {
    setUser({ ...USER, permissionList: ['system:dept:list', 'system:dept:delete'] });
    const calls = mockApi((config) => {
      if (config.url === '/acc/api/pmcpDept/list') return envelope(TREE);
      if (config.url === '/acc/api/sysDict/all') return envelope(DICTIONARIES);
      if (config.url === '/acc/api/pmcpDept/deleteById') return envelope(null);
      return undefined;
    });
    renderDept();

    fireEvent.click(await screen.findByTestId('dept-delete-d-rd'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('删除操作可能会导致业务数据异常，确定删除部门“研发部”吗？');
    const listsBefore = calls.filter((c) => c.url === '/acc/api/pmcpDept/list').length;
    fireEvent.click(within(dialog).getByText('确 定'));

    await waitFor(() => expect(calls.some((c) => c.url === '/acc/api/pmcpDept/deleteById')).toBe(true));
    const deletion = calls.find((c) => c.url === '/acc/api/pmcpDept/deleteById');
    expect(JSON.parse(deletion?.data as string)).toEqual({ id: 'd-rd', lang: 'zh_CN' });
    await waitFor(() => expect(calls.filter((c) => c.url === '/acc/api/pmcpDept/list').length).toBeGreaterThan(listsBefore));
  });

  it('checks the form with the shared validators before sending', async () => {
    setUser({ ...USER, permissionList: ['system:dept:list', 'system:dept:edit'] });
    const calls = mockApi((config) => {
      if (config.url === '/acc/api/pmcpDept/list') return envelope(TREE);
      if (config.url === '/acc/api/sysDict/all') return envelope(DICTIONARIES);
      return undefined;
    });
    renderDept();

    fireEvent.click(await screen.findByTestId('dept-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('dept-form-phone'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByText('确 定'));
    expect(await within(dialog).findByText('请输入部门名称')).toBeTruthy();
    expect(await within(dialog).findByText('请输入正确的手机号码或固定电话号码')).toBeTruthy();
    expect(calls.some((c) => c.url === '/acc/api/pmcpDept/add')).toBe(false);
  });
});
