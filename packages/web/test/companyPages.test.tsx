import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PERMISSIONS, type CompanyInfo as Info, type CompanyInfoStatusValue, type CompanyInfoView } from '@rd/contract';
import '../src/i18n';
import CompanyInfo from '../src/pages/company/CompanyInfo';
import Register from '../src/pages/public/Register';
import { auditFilters } from '../src/pages/company/CompanyAudit';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';

const COMPANY = {
  companyId: 'c-1',
  merchantCode: 'M123456789',
  fullName: '北京瓜香农业科技有限公司',
  simpleName: '',
  licenseNumber: '91110108551385082Q',
  registerAddress: '',
  businessTerm: '',
  businessScope: '',
};

function info(status: CompanyInfoStatusValue, extra: Partial<Info> = {}): Info {
  return {
    ...COMPANY,
    status,
    revision: 1,
    legalPerson: '',
    contactName: '周九',
    contactPhone: '',
    address: '',
    website: '',
    introduction: '',
    logoFileId: null,
    licenseFileId: null,
    rejectReason: '',
    submittedAt: null,
    auditedAt: null,
    approved: null,
    approvedAt: null,
    approvedRevision: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const view = (current: Info | null): CompanyInfoView => ({ company: COMPANY, info: current, trail: [] });
const ALL = [PERMISSIONS.companyInfoView, PERMISSIONS.companyInfoEdit, PERMISSIONS.companyInfoSubmit];

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/companyMg/companyInfo', element: <CompanyInfo /> },
      { path: '/register', element: <Register /> },
      { path: '/loginPage', element: <div>login</div> },
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
}

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, permissionList: ALL });
});
afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('company info screen', () => {
  it('before the first report: the form starts from the registration, only Save is offered', async () => {
    mockApi((c) => (c.url === '/acc/api/companyInfo/getCompanyInfo' ? envelope(view(null)) : undefined));
    renderAt('/companyMg/companyInfo');
    expect(((await screen.findByTestId('company-fullName')) as HTMLInputElement).value).toBe(COMPANY.fullName);
    expect(screen.getByTestId('company-status').textContent).toBe('未上报');
    expect(screen.getByTestId('company-save')).toBeTruthy();
    expect(screen.queryByTestId('company-submit')).toBeNull();
    expect(screen.queryByTestId('company-withdraw')).toBeNull();
  });

  it('rejected: shows the reason, offers save and submit, not withdraw', async () => {
    mockApi((c) => (c.url === '/acc/api/companyInfo/getCompanyInfo' ? envelope(view(info('REJECTED', { rejectReason: '照片不清晰' }))) : undefined));
    renderAt('/companyMg/companyInfo');
    expect((await screen.findByTestId('company-reject-reason')).textContent).toContain('照片不清晰');
    expect(screen.getByTestId('company-save')).toBeTruthy();
    expect(screen.getByTestId('company-submit')).toBeTruthy();
    expect(screen.queryByTestId('company-withdraw')).toBeNull();
  });

  it('submitted: the form is read-only and only withdraw is offered; without the permissions nothing is', async () => {
    mockApi((c) => (c.url === '/acc/api/companyInfo/getCompanyInfo' ? envelope(view(info('SUBMITTED'))) : undefined));
    renderAt('/companyMg/companyInfo');
    await screen.findByTestId('company-withdraw');
    expect((screen.getByTestId('company-fullName') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('company-save')).toBeNull();
    expect(screen.queryByTestId('company-submit')).toBeNull();
    cleanup();
    setUser({ ...USER, permissionList: [PERMISSIONS.companyInfoView] });
    renderAt('/companyMg/companyInfo');
    await screen.findByTestId('company-fullName');
    expect(screen.queryByTestId('company-withdraw')).toBeNull();
  });

  it('approved then edited: says the approved revision is still the one in use', async () => {
    const approved = { ...COMPANY, legalPerson: '', contactName: '', contactPhone: '', address: '', website: '', introduction: '', logoFileId: null, licenseFileId: null };
    mockApi((c) =>
      c.url === '/acc/api/companyInfo/getCompanyInfo'
        ? envelope(view(info('DRAFT', { revision: 2, approved, approvedAt: '2026-01-02T00:00:00.000Z', approvedRevision: 1 })))
        : undefined,
    );
    renderAt('/companyMg/companyInfo');
    expect((await screen.findByTestId('company-last-approved')).textContent).toContain('第 1 版');
    expect(screen.getByText(/仍使用第 1 版已通过的信息/)).toBeTruthy();
  });
});

describe('register page', () => {
  it('names the broken fields before sending, and shows the next steps after', async () => {
    const calls = mockApi((c) => (c.url === '/acc/api/register' ? envelope({ merchantCode: 'M1', username: 'guaxiang' }) : undefined));
    renderAt('/register');
    fireEvent.change(await screen.findByTestId('register-licenseNumber'), { target: { value: '91110108551385082a' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('请输入正确的统一社会信用代码')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByTestId('register-fullName'), { target: { value: '北京瓜香农业科技有限公司' } });
    fireEvent.change(screen.getByTestId('register-licenseNumber'), { target: { value: '91110108551385082q' } });
    fireEvent.change(screen.getByTestId('register-username'), { target: { value: 'guaxiang' } });
    fireEvent.change(screen.getByTestId('register-name'), { target: { value: '周九' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'Owner-Pass-1' } });
    fireEvent.change(screen.getByTestId('register-confirmPassword'), { target: { value: 'Owner-Pass-1' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-success')).textContent).toContain('guaxiang');
    expect(JSON.parse(calls[0]!.data as string)).toMatchObject({ licenseNumber: '91110108551385082Q', username: 'guaxiang', phone: '' });
  });
});

describe('audit list filters', () => {
  it('keep a known status and a trimmed name', () => {
    expect(auditFilters({ status: 'SUBMITTED', fullName: ' 瓜香 ' })).toEqual({ status: 'SUBMITTED', fullName: '瓜香' });
    expect(auditFilters({ status: 'LOST', fullName: '  ' })).toEqual({ status: undefined, fullName: undefined });
  });
});
