import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MenuConfNode } from '@rd/contract';
import MenuConf from '../src/pages/system/MenuConf';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';

const element = (id: string, menuCode: string, parentMenuCode: string | null, extra: Partial<MenuConfNode> = {}): MenuConfNode => ({
  id,
  menuCode,
  parentMenuCode,
  menuName: `${menuCode}名`,
  menuNameEn: `${menuCode} name`,
  menuIcon: '',
  menuUrl: '',
  type: 'MENU',
  permission: null,
  isShow: '1',
  sort: 0,
  scope: 'ALL',
  children: [],
  ...extra,
});

const TREE: MenuConfNode[] = [
  element('m-system', 'systemMg', null, {
    menuIcon: 'SettingOutlined',
    children: [
      element('m-menu', 'menuConf', 'systemMg', {
        menuUrl: 'MenuConf',
        scope: 'PLATFORM',
        permission: 'system:menu:list',
        children: [element('b-edit', 'system:menu:edit', 'menuConf', { type: 'BUTTON', permission: 'system:menu:edit', scope: 'PLATFORM' })],
      }),
    ],
  }),
];

const showError = vi.fn();

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <MenuConf />
      </QueryClientProvider>
    </AntApp>,
  );
}

beforeEach(() => {
  showError.mockReset();
  setHttpEffects({ showError, showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, userType: '2', permissionList: ['system:menu:list', 'system:menu:edit', 'system:menu:delete'] });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('menu configuration screen', () => {
  it('shows the whole tree open, with no "add child" on buttons', async () => {
    mockApi((config) => (config.url === '/acc/menuConf/queryList' ? envelope(TREE) : undefined));
    renderPage();
    expect(await screen.findByText('system:menu:edit名')).toBeTruthy();
    expect(screen.getByTestId('menu-add-child-menuConf')).toBeTruthy();
    expect(screen.queryByTestId('menu-add-child-system:menu:edit')).toBeNull();
    expect(screen.getByTestId('menu-delete-system:menu:edit')).toBeTruthy();
  });

  it('adds a child under the chosen parent and sends every field', async () => {
    const calls = mockApi((config) => {
      if (config.url === '/acc/menuConf/queryList') return envelope(TREE);
      if (config.url === '/acc/menuConf/saveOrUpdateMenu') return envelope({ id: 'new' });
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('menu-add-child-menuConf'));
    const form = await screen.findByTestId('menu-form');
    fireEvent.click(within(form).getByLabelText('按钮'));
    fireEvent.change(within(form).getByTestId('menu-name'), { target: { value: '删除菜单' } });
    fireEvent.change(within(form).getByTestId('menu-name-en'), { target: { value: 'Delete menu' } });
    fireEvent.change(within(form).getByTestId('menu-code'), { target: { value: 'system:menu:delete' } });
    fireEvent.change(within(form).getByTestId('menu-permission'), { target: { value: 'system:menu:delete' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(calls.some((c) => c.url === '/acc/menuConf/saveOrUpdateMenu')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.url === '/acc/menuConf/saveOrUpdateMenu')?.data as string) as Record<string, unknown>;
    expect(body).toMatchObject({
      menuName: '删除菜单',
      menuNameEn: 'Delete menu',
      menuCode: 'system:menu:delete',
      type: 'BUTTON',
      permission: 'system:menu:delete',
      parentMenuCode: 'menuConf',
      // Under a platform-only parent.
      scope: 'PLATFORM',
    });
    expect(body.id).toBeUndefined();
  });

  it('refuses a malformed code and a button without a permission before sending anything', async () => {
    const calls = mockApi((config) => (config.url === '/acc/menuConf/queryList' ? envelope(TREE) : undefined));
    renderPage();
    fireEvent.click(await screen.findByTestId('menu-add-root'));
    const form = await screen.findByTestId('menu-form');
    fireEvent.click(within(form).getByLabelText('按钮'));
    fireEvent.change(within(form).getByTestId('menu-name'), { target: { value: '按钮' } });
    fireEvent.change(within(form).getByTestId('menu-name-en'), { target: { value: 'Button' } });
    fireEvent.change(within(form).getByTestId('menu-code'), { target: { value: 'bad code!' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('只能输入字母、数字及 _ : .')).toBeTruthy();
    expect(await screen.findByText('请输入权限标识')).toBeTruthy();
    expect(calls.some((c) => c.url === '/acc/menuConf/saveOrUpdateMenu')).toBe(false);
  });

  it('asks before deleting, and shows the server’s refusal when children exist', async () => {
    const calls = mockApi((config) => {
      if (config.url === '/acc/menuConf/queryList') return envelope(TREE);
      if (config.url === '/acc/menuConf/deleteMenu/m-menu') {
        return { status: 409, data: { code: 'MENU_HAS_CHILDREN', msg: '该菜单存在子元素，请先删除子元素', data: null } };
      }
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('menu-delete-menuConf'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('删除操作可能会导致业务数据异常，确定删除“menuConf名”吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('该菜单存在子元素，请先删除子元素'));
    expect(calls.filter((c) => c.url === '/acc/menuConf/deleteMenu/m-menu')).toHaveLength(1);
  });
});
