import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { GrantableMenuNode } from '@rd/contract';
import UserRole from '../src/pages/system/UserRole';
import type { RoleRow } from '../src/api/userRole';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';

const role = (roleCode: string, roleName: string, extra: Partial<RoleRow> = {}): RoleRow => ({
  id: `id-${roleCode}`,
  roleCode,
  roleName,
  roleNameEn: '',
  scope: 'ENTERPRISE',
  builtin: false,
  companyId: 'c1',
  sort: 0,
  status: 'ENABLED',
  remark: '',
  editable: true,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  ...extra,
});

const ROLES = [
  role('ENTERPRISE_ADMIN', '企业管理员', { builtin: true, companyId: null, editable: false }),
  role('R0000000QA', '质检员'),
];

const el = (id: string, menuCode: string, type: 'MENU' | 'BUTTON', children: GrantableMenuNode[] = []): GrantableMenuNode => ({
  id,
  menuCode,
  menuName: `${menuCode}名`,
  menuNameEn: menuCode,
  type,
  permission: type === 'BUTTON' ? menuCode : null,
  scope: 'ALL',
  children,
});

const GRANTABLE: GrantableMenuNode[] = [
  el('m-portal', 'accPortal', 'MENU', [
    el('m-system', 'systemMg', 'MENU', [
      el('m-role', 'userRole', 'MENU', [el('b-add', 'system:role:add', 'BUTTON'), el('b-edit', 'system:role:edit', 'BUTTON')]),
      el('m-log', 'loginLog', 'MENU'),
    ]),
  ]),
];

const ALL_BUTTONS = ['system:role:list', 'system:role:add', 'system:role:edit', 'system:role:delete', 'system:role:grant', 'system:user:list'];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <UserRole />
      </QueryClientProvider>
    </AntApp>,
  );
}

const checkboxOf = (menuCode: string) =>
  screen.getByTestId(`grant-node-${menuCode}`).closest('.ant-tree-treenode')?.querySelector('.ant-tree-checkbox') as HTMLElement;
const stateOf = (menuCode: string) => {
  const box = checkboxOf(menuCode);
  if (box.classList.contains('ant-tree-checkbox-checked')) return 'checked';
  if (box.classList.contains('ant-tree-checkbox-indeterminate')) return 'half';
  return 'none';
};

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('roles screen', () => {
  it('lists roles and renders only the buttons the user holds; built-in roles cannot be edited', async () => {
    setUser({ ...USER, permissionList: ['system:role:list', 'system:role:edit', 'system:role:grant'] });
    const calls = mockApi((config) => (config.url === '/acc/userRole/queryUserRoleInfo' ? envelope({ total: 2, list: ROLES, pageNum: 1, pageSize: 10 }) : undefined));
    renderPage();

    expect(await screen.findByText('质检员')).toBeTruthy();
    expect(screen.getByText('企业管理员')).toBeTruthy();
    expect(screen.queryByTestId('role-add')).toBeNull();
    expect(screen.queryByTestId('role-delete-R0000000QA')).toBeNull();
    expect(screen.getByTestId('role-grant-R0000000QA')).toBeTruthy();
    expect((screen.getByTestId('role-edit-ENTERPRISE_ADMIN') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('role-edit-R0000000QA') as HTMLButtonElement).disabled).toBe(false);
    expect(calls[0]?.params).toMatchObject({ pageNum: 1, pageSize: 10 });
  });

  it('asks before deleting with the catalogue’s warning, then deletes', async () => {
    setUser({ ...USER, permissionList: ALL_BUTTONS });
    const calls = mockApi((config) => {
      if (config.url === '/acc/userRole/queryUserRoleInfo') return envelope({ total: 2, list: ROLES, pageNum: 1, pageSize: 10 });
      if (config.method === 'delete' && config.url === '/acc/userRole/delRole/id-R0000000QA') return envelope(null);
      return undefined;
    });
    renderPage();

    fireEvent.click(await screen.findByTestId('role-delete-R0000000QA'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('删除操作可能会导致业务数据异常，确定删除角色“质检员”吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'delete' && c.url === '/acc/userRole/delRole/id-R0000000QA')).toBe(true));
  });

  it('checks the role name while typing, once, 300 ms after the last key', async () => {
    setUser({ ...USER, permissionList: ALL_BUTTONS });
    const calls = mockApi((config) => {
      if (config.url === '/acc/userRole/queryUserRoleInfo') return envelope({ total: 2, list: ROLES, pageNum: 1, pageSize: 10 });
      if (config.url === '/acc/userRole/checkRoleName') return envelope((config.params as { roleName: string }).roleName !== '质检员');
      return undefined;
    });
    renderPage();

    fireEvent.click(await screen.findByTestId('role-add'));
    const input = await screen.findByTestId('role-name');
    for (const value of ['质', '质检', '质检员']) fireEvent.change(input, { target: { value } });
    expect(await screen.findByText('角色名称已存在')).toBeTruthy();
    const checks = calls.filter((c) => c.url === '/acc/userRole/checkRoleName');
    expect(checks.map((c) => (c.params as { roleName: string }).roleName)).toEqual(['质检员']);
  });

  it('shows the role’s grants in a linked tree and saves the checked elements with their half-checked parents', async () => {
    setUser({ ...USER, permissionList: ALL_BUTTONS });
    const calls = mockApi((config) => {
      if (config.url === '/acc/userRole/queryUserRoleInfo') return envelope({ total: 2, list: ROLES, pageNum: 1, pageSize: 10 });
      if (config.url === '/acc/userRole/queryAccMenusList') return envelope(GRANTABLE);
      if (config.url === '/acc/userRole/queryAccMenus/R0000000QA') {
        return envelope({ menuIds: ['m-portal', 'm-system', 'm-role', 'b-add'], menuCodes: [] });
      }
      if (config.url === '/acc/userRole/batchSaveRoleMenu') return envelope(null);
      return undefined;
    });
    renderPage();

    fireEvent.click(await screen.findByTestId('role-grant-R0000000QA'));
    await screen.findByTestId('grant-node-system:role:edit');
    expect(stateOf('system:role:add')).toBe('checked');
    expect(stateOf('system:role:edit')).toBe('none');
    expect(stateOf('userRole')).toBe('half');
    expect(stateOf('systemMg')).toBe('half');
    expect(stateOf('loginLog')).toBe('none');

    fireEvent.click(checkboxOf('loginLog'));
    await waitFor(() => expect(stateOf('loginLog')).toBe('checked'));
    fireEvent.click(screen.getByTestId('grant-save'));
    await waitFor(() => expect(calls.some((c) => c.url === '/acc/userRole/batchSaveRoleMenu')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.url === '/acc/userRole/batchSaveRoleMenu')?.data as string) as { roleId: string; menuIds: string[] };
    expect(body.roleId).toBe('id-R0000000QA');
    expect(body.menuIds.sort()).toEqual(['b-add', 'm-log', 'm-portal', 'm-role', 'm-system']);
  });

  it('opens a screen granted without its buttons unlinked, so the grant is kept', async () => {
    setUser({ ...USER, permissionList: ALL_BUTTONS });
    mockApi((config) => {
      if (config.url === '/acc/userRole/queryUserRoleInfo') return envelope({ total: 2, list: ROLES, pageNum: 1, pageSize: 10 });
      if (config.url === '/acc/userRole/queryAccMenusList') return envelope(GRANTABLE);
      if (config.url === '/acc/userRole/queryAccMenus/R0000000QA') return envelope({ menuIds: ['m-portal', 'm-system', 'm-role'], menuCodes: [] });
      return undefined;
    });
    renderPage();

    fireEvent.click(await screen.findByTestId('role-grant-R0000000QA'));
    await screen.findByTestId('grant-node-userRole');
    expect(screen.getByTestId('grant-linked').getAttribute('aria-checked')).toBe('false');
    expect(stateOf('userRole')).toBe('checked');
    expect(stateOf('system:role:add')).toBe('none');
  });
});
