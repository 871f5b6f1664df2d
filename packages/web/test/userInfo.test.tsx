import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import '../src/i18n';
import UserInfo from '../src/pages/system/UserInfo';
import UserView from '../src/pages/system/UserView';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';

const ROW = {
  id: '11111111-1111-1111-1111-111111111111',
  userCode: 'U0000001',
  username: 'zhang_san',
  name: '张三',
  sex: '1',
  userType: '3',
  companyId: 'c1',
  companyName: '甲公司',
  deptId: 'd1',
  deptName: '生产部',
  jobTitle: '=1+1',
  phone: '13812345678',
  email: '',
  avatar: '',
  status: '1',
  birthdate: null,
  contractStart: null,
  contractEnd: null,
  roles: [{ id: 'r1', roleCode: 'ENTERPRISE_OPERATOR', roleName: '企业操作员', roleNameEn: 'Enterprise operator' }],
  lastLoginAt: null,
  createdAt: '2025-01-02T03:04:05.000Z',
};

const INIT = {
  depts: [{ id: 'd1', parentId: null, deptName: '生产部', status: 'ENABLED', children: [] }],
  roles: [
    { id: 'r0', roleCode: 'ENTERPRISE_ADMIN', roleName: '企业管理员', roleNameEn: '', scope: 'ENTERPRISE', builtin: true, grantable: false },
    { id: 'r1', roleCode: 'ENTERPRISE_OPERATOR', roleName: '企业操作员', roleNameEn: '', scope: 'ENTERPRISE', builtin: true, grantable: true },
  ],
  sexOptions: [
    { value: '0', label: '未知' },
    { value: '1', label: '男' },
    { value: '2', label: '女' },
  ],
  statusOptions: [
    { value: '1', label: '启用' },
    { value: '0', label: '停用' },
  ],
  companies: [],
};

const ALL_USER_CODES = [
  'system:user:list',
  'system:user:add',
  'system:user:edit',
  'system:user:resetPwd',
  'system:user:status',
  'system:user:export',
];

const body = (config: InternalAxiosRequestConfig) => (typeof config.data === 'string' ? JSON.parse(config.data) : config.data) as Record<string, unknown>;

function answer(extra: (config: InternalAxiosRequestConfig) => { status?: number; data: unknown } | undefined = () => undefined) {
  return mockApi((config) => {
    const own = extra(config);
    if (own) return own;
    if (config.url === '/acc/userinfo/queryList') return envelope({ total: 1, list: [ROW], pageNum: 1, pageSize: 10 });
    if (config.url === '/acc/userinfo/queryUserInit') return envelope(INIT);
    if (config.url === `/acc/userinfo/queryUserDetail/${ROW.id}`) {
      return envelope({ ...ROW, remark: '', mustChangePassword: false, lastLoginIp: null, updatedAt: ROW.createdAt });
    }
    return undefined;
  });
}

function renderAt(path = '/sys/userInfo') {
  const router = createMemoryRouter(
    [
      { path: '/sys/userInfo', element: <UserInfo /> },
      { path: '/sys/userView', element: <UserView /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return router;
}

// antd renders a lot; under a full parallel run a second is not always enough to see the answer.
configure({ asyncUtilTimeout: 5000 });

const showError = vi.fn();
const showParamCheck = vi.fn();

beforeEach(() => {
  showError.mockReset();
  showParamCheck.mockReset();
  setHttpEffects({ showError, showParamCheck, confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, userId: 'me', userType: '3', permissionList: ALL_USER_CODES });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('the users screen', () => {
  it('lists users with their labels, and shows only the buttons the user holds', async () => {
    setUser({ ...USER, userType: '3', permissionList: ['system:user:list'] });
    const calls = answer();
    renderAt();
    expect(await screen.findByText('zhang_san')).toBeTruthy();
    expect(screen.getByText('企业操作员')).toBeTruthy();
    await screen.findByText('男');
    expect(screen.queryByTestId('user-add')).toBeNull();
    expect(screen.queryByTestId('user-export')).toBeNull();
    expect(screen.queryByTestId(`user-edit-${ROW.id}`)).toBeNull();
    expect(screen.queryByTestId(`user-reset-${ROW.id}`)).toBeNull();
    // Without the status permission the state is a label, not a switch.
    expect(screen.queryByTestId(`user-status-${ROW.id}`)).toBeNull();
    expect(screen.getByText('启用')).toBeTruthy();
    const list = calls.find((c) => c.url === '/acc/userinfo/queryList');
    expect(body(list!)).toMatchObject({ pageNum: 1, pageSize: 10, lang: 'zh_CN' });
  });

  it('checks the add form with the shared rules before sending, then shows the initial password once', async () => {
    const calls = answer((config) =>
      config.url === '/acc/userinfo/add' ? envelope({ id: 'new-id', password: 'Gen3ratedPassw0rd' }) : undefined,
    );
    renderAt();
    fireEvent.click(await screen.findByTestId('user-add'));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByTestId('user-form-username'), { target: { value: 'x' } });
    fireEvent.blur(within(form).getByTestId('user-form-username'));
    fireEvent.change(within(form).getByTestId('user-form-phone'), { target: { value: '123' } });
    fireEvent.blur(within(form).getByTestId('user-form-phone'));
    expect(await screen.findByText('请输入2至64位汉字、字母、数字或下划线')).toBeTruthy();
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('此项为必填项')).toBeTruthy(); // name
    expect(calls.some((c) => c.url === '/acc/userinfo/add')).toBe(false);

    fireEvent.change(within(form).getByTestId('user-form-username'), { target: { value: 'li_si' } });
    fireEvent.change(within(form).getByTestId('user-form-name'), { target: { value: '李四' } });
    fireEvent.change(within(form).getByTestId('user-form-phone'), { target: { value: '13900000000' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));

    const shown = await screen.findByTestId('password-once-value');
    expect(shown.textContent).toContain('Gen3ratedPassw0rd');
    expect(screen.getByText('用户 li_si 已创建，初始密码为：')).toBeTruthy();
    const sent = body(calls.find((c) => c.url === '/acc/userinfo/add')!);
    expect(sent).toMatchObject({ username: 'li_si', name: '李四', phone: '13900000000', sex: '0', roles: [] });
    expect(sent).not.toHaveProperty('userType');
  });

  it('lets a platform user choose the company of a new enterprise user, and requires it', async () => {
    // the super user holds what the server lists for it (every code of a platform account)
    setUser({ ...USER, userId: 'me', userType: '1', permissionList: ['system:user:list', 'system:user:add'] });
    const calls = answer();
    renderAt();
    fireEvent.click(await screen.findByTestId('user-add'));
    const form = await screen.findByTestId('user-form');
    expect(within(form).getByTestId('user-form-company')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('user-form-username'), { target: { value: 'new_user' } });
    fireEvent.change(within(form).getByTestId('user-form-name'), { target: { value: '新用户' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await within(form).findByText('此项为必填项')).toBeTruthy();
    expect(calls.some((c) => c.url === '/acc/userinfo/add')).toBe(false);
    // The company column is shown to platform users.
    expect(screen.getAllByText('所属企业').length).toBeGreaterThan(0);
  });

  it('puts the server’s field errors on the form fields', async () => {
    answer((config) =>
      config.url === '/acc/userinfo/add'
        ? {
            status: 409,
            data: { code: 'DUPLICATE', msg: '用户名已存在：li_si', data: null, errors: [{ field: 'username', message: '用户名已存在：li_si' }] },
          }
        : undefined,
    );
    renderAt();
    fireEvent.click(await screen.findByTestId('user-add'));
    const form = await screen.findByTestId('user-form');
    fireEvent.change(within(form).getByTestId('user-form-username'), { target: { value: 'li_si' } });
    fireEvent.change(within(form).getByTestId('user-form-name'), { target: { value: '李四' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    await waitFor(() => expect(within(form).getByText('用户名已存在：li_si')).toBeTruthy());
    expect(showError).toHaveBeenCalledWith('用户名已存在：li_si');
  });

  it('resets a password after confirming, and shows the new one once', async () => {
    const calls = answer((config) =>
      config.url === `/acc/userinfo/resetPassword/${ROW.id}` ? envelope({ id: ROW.id, password: 'N3wPasswordShown1' }) : undefined,
    );
    renderAt();
    fireEvent.click(await screen.findByTestId(`user-reset-${ROW.id}`));
    expect(await screen.findByText('确定要重置用户 zhang_san 的密码吗？重置后该用户将被强制下线。')).toBeTruthy();
    expect(calls.some((c) => c.url?.startsWith('/acc/userinfo/resetPassword'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect((await screen.findByTestId('password-once-value')).textContent).toContain('N3wPasswordShown1');
    expect(calls.find((c) => c.url?.startsWith('/acc/userinfo/resetPassword'))?.method).toBe('put');
  });

  it('asks before disabling, then sends isResetStatus with 0', async () => {
    const calls = answer((config) => (config.url === `/acc/userinfo/isResetStatus/${ROW.id}/0` ? envelope(null) : undefined));
    renderAt();
    fireEvent.click(await screen.findByTestId(`user-status-${ROW.id}`));
    expect(await screen.findByText('确定要停用用户 zhang_san 吗？停用后该用户将被强制下线。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(calls.some((c) => c.url === `/acc/userinfo/isResetStatus/${ROW.id}/0`)).toBe(true));
  });

  it('exports the chosen rows by id, or the searched list without a choice', async () => {
    const calls = answer((config) => (config.url === '/acc/userinfo/export' ? { data: new Blob(['x'], { type: 'application/octet-stream' }) } : undefined));
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderAt();
    await screen.findByText('zhang_san');
    fireEvent.change(screen.getByTestId('user-search-username'), { target: { value: 'zhang' } });
    fireEvent.click(screen.getByTestId('table-search'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/acc/userinfo/queryList')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('user-export'));
    await waitFor(() => expect(calls.some((c) => c.url === '/acc/userinfo/export')).toBe(true));
    expect(body(calls.find((c) => c.url === '/acc/userinfo/export')!)).toMatchObject({ username: 'zhang' });

    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    expect((await screen.findByTestId('user-export')).textContent).toContain('导出选中（1）');
    fireEvent.click(screen.getByTestId('user-export'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/acc/userinfo/export')).toHaveLength(2));
    const second = body(calls.filter((c) => c.url === '/acc/userinfo/export')[1]!);
    expect(second.ids).toEqual([ROW.id]);
    expect(second).not.toHaveProperty('username');
  });

  it('opens the read-only view and goes back to the list', async () => {
    answer();
    const router = renderAt();
    fireEvent.click(await screen.findByTestId(`user-view-${ROW.id}`));
    const view = await screen.findByTestId('user-view');
    expect(router.state.location.pathname).toBe('/sys/userView');
    expect(router.state.location.search).toBe(`?id=${ROW.id}`);
    expect(within(view).getByText('=1+1')).toBeTruthy();
    expect(within(view).getByText('生产部')).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-view-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sys/userInfo'));
  });
});
