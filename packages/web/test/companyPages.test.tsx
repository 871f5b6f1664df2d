import './support/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PERMISSIONS, type CompanyInfo as Info, type CompanyInfoStatusValue, type CompanyInfoView } from '@rd/contract';
import '../src/i18n';
import CompanyInfo, { formValues } from '../src/pages/company/CompanyInfo';
import { businessTermRule, websiteRule } from '../src/pages/company/CompanyInfoFields';
import { changeLanguage } from '../src/i18n/changeLanguage';
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
  changeLanguage('zh_CN');
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

/** Runs a form rule's validator as antd does: resolves, or rejects with the message shown. */
async function ruleMessage(rule: ReturnType<typeof businessTermRule>, value: string): Promise<string | null> {
  const validator = (rule as { validator: (rule: unknown, value: string) => Promise<void> }).validator;
  return validator({}, value).then(
    () => null,
    (error: Error) => error.message,
  );
}

describe('company info form: business term and website', () => {
  it('takes a business term as a date range or 长期 (English words too), real dates in order, in the contract’s words', async () => {
    for (const ok of ['', '2012-04-16 至 长期', '2012-04-16至2032-04-15', '2012-04-16 to open-ended', '2012-04-16 to 2012-04-16']) {
      expect(await ruleMessage(businessTermRule('zh_CN'), ok), ok).toBeNull();
    }
    expect(await ruleMessage(businessTermRule('zh_CN'), 'yesterday')).toBe(
      '营业期限请填写“开始日期 至 结束日期”或“开始日期 至 长期”，日期格式为 YYYY-MM-DD，如 2012-04-16 至 长期',
    );
    expect(await ruleMessage(businessTermRule('zh_CN'), '2023-02-29 至 长期')).toBe('营业期限中的日期不存在，请检查年（1900–2999）、月、日');
    expect(await ruleMessage(businessTermRule('zh_CN'), '2020-01-02 至 2020-01-01')).toBe('营业期限的结束日期不能早于开始日期');
    expect(await ruleMessage(businessTermRule('en_US'), 'yesterday')).toMatch(/^Business term: enter .*open-ended/);
  });

  it('checks a website as the API stores it: a bare host passes (https:// is added), anything else says what is expected', async () => {
    for (const ok of ['', 'www.example.com', 'https://example.com/about', 'example.com:8080']) {
      expect(await ruleMessage(websiteRule('zh_CN'), ok), ok).toBeNull();
    }
    for (const bad of ['yesterday', 'javascript:alert(1)', 'ftp://example.com']) {
      expect(await ruleMessage(websiteRule('zh_CN'), bad), bad).toBe('企业网站请填写网址，如 www.example.com 或 https://www.example.com');
    }
    expect(await ruleMessage(websiteRule('en_US'), 'yesterday')).toBe('Website: enter a web address, e.g. www.example.com or https://www.example.com');
  });

  it('shows the stored business term in the screen’s language', () => {
    const stored = view(info('DRAFT', { businessTerm: '2012-04-16 至 长期' }));
    expect(formValues(stored, 'en_US').businessTerm).toBe('2012-04-16 to open-ended');
    expect(formValues(stored, 'zh_CN').businessTerm).toBe('2012-04-16 至 长期');
    expect(formValues(view(info('DRAFT', { businessTerm: '自 2012 年起' })), 'en_US').businessTerm).toBe('自 2012 年起');
  });

  it('on the screen: names a wrong business term under it, adds https:// to a bare host, and sends what the API stores', async () => {
    const calls = mockApi((c) => {
      if (c.url === '/acc/api/companyInfo/getCompanyInfo') return envelope(view(null));
      if (c.url === '/acc/api/companyInfo/report') return envelope(view(info('DRAFT')));
      return undefined;
    });
    renderAt('/companyMg/companyInfo');
    const term = await screen.findByTestId('company-businessTerm');
    fireEvent.change(term, { target: { value: 'yesterday' } });
    fireEvent.blur(term);
    expect(await screen.findByText(/^营业期限请填写/)).toBeTruthy();
    const website = screen.getByTestId('company-website') as HTMLInputElement;
    fireEvent.change(website, { target: { value: 'yesterday' } });
    fireEvent.blur(website);
    expect(await screen.findByText('企业网站请填写网址，如 www.example.com 或 https://www.example.com')).toBeTruthy();
    expect(website.value).toBe('yesterday');
    fireEvent.change(website, { target: { value: 'www.guaxiang.cn' } });
    fireEvent.blur(website);
    await waitFor(() => expect(website.value).toBe('https://www.guaxiang.cn'));
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(screen.getByText(/^营业期限请填写/)).toBeTruthy());
    expect(calls.filter((c) => c.url === '/acc/api/companyInfo/report')).toHaveLength(0);
    fireEvent.change(term, { target: { value: '2012-04-16 至 长期' } });
    fireEvent.blur(term);
    await waitFor(() => expect(screen.queryByText(/^营业期限请填写/)).toBeNull());
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/acc/api/companyInfo/report')).toHaveLength(1));
    const sent = JSON.parse(calls.find((c) => c.url === '/acc/api/companyInfo/report')!.data as string) as Record<string, unknown>;
    expect(sent).toMatchObject({ businessTerm: '2012-04-16 至 长期', website: 'https://www.guaxiang.cn' });
  });

  it('in English: the hint and the message name the field in English', async () => {
    act(() => changeLanguage('en_US'));
    mockApi((c) => (c.url === '/acc/api/companyInfo/getCompanyInfo' ? envelope(view(info('DRAFT', { businessTerm: '2012-04-16 至 长期' }))) : undefined));
    renderAt('/companyMg/companyInfo');
    const term = (await screen.findByTestId('company-businessTerm')) as HTMLInputElement;
    expect(term.value).toBe('2012-04-16 to open-ended');
    expect(screen.getByText('e.g. 2012-04-16 to 2032-04-15, or 2012-04-16 to open-ended')).toBeTruthy();
    fireEvent.change(term, { target: { value: '2012-04-16 to yesterday' } });
    fireEvent.blur(term);
    expect(await screen.findByText(/^Business term: enter/)).toBeTruthy();
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
    expect(JSON.parse(calls[0]!.data as string)).toMatchObject({ licenseNumber: '91110108551385082Q', username: 'guaxiang', phone: '', confirmSameName: false });
  });

  it('says under the credit code that it is registered already, and sends nothing more', async () => {
    const message = '该统一社会信用代码的企业已在本平台注册，不能重复注册：请联系贵公司的管理员为您开通账号';
    const calls = mockApi((c) =>
      c.url === '/acc/api/register'
        ? { status: 409, data: { code: 'DUPLICATE', msg: '统一社会信用代码已存在：91110108551385082Q', data: null, errors: [{ field: 'licenseNumber', message }] } }
        : undefined,
    );
    renderAt('/register');
    fireEvent.change(await screen.findByTestId('register-fullName'), { target: { value: '北京瓜香农业科技有限公司' } });
    fireEvent.change(screen.getByTestId('register-licenseNumber'), { target: { value: '91110108551385082Q' } });
    fireEvent.change(screen.getByTestId('register-username'), { target: { value: 'guaxiang3' } });
    fireEvent.change(screen.getByTestId('register-name'), { target: { value: '周九' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'Owner-Pass-1' } });
    fireEvent.change(screen.getByTestId('register-confirmPassword'), { target: { value: 'Owner-Pass-1' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe(message));
    expect(calls).toHaveLength(1);
    expect(screen.queryByTestId('register-same-name')).toBeNull();
  });

  it('warns of a full name already registered: under the name and in a dialog; going on sends the confirmation', async () => {
    const warning = { code: 'SAME_NAME_REGISTERED', msg: '已有同名企业注册', data: null, errors: [{ field: 'fullName', message: '已有同名企业注册' }] };
    const calls = mockApi((c) => {
      if (c.url !== '/acc/api/register') return undefined;
      const body = JSON.parse(c.data as string) as { confirmSameName: boolean };
      return body.confirmSameName ? envelope({ merchantCode: 'M2', username: 'guaxiang2' }) : { status: 409, data: warning };
    });
    renderAt('/register');
    fireEvent.change(await screen.findByTestId('register-fullName'), { target: { value: '北京瓜香农业科技有限公司' } });
    fireEvent.change(screen.getByTestId('register-licenseNumber'), { target: { value: '91350211MA2Y3LBM0D' } });
    fireEvent.change(screen.getByTestId('register-username'), { target: { value: 'guaxiang2' } });
    fireEvent.change(screen.getByTestId('register-name'), { target: { value: '周九' } });
    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'Owner-Pass-1' } });
    fireEvent.change(screen.getByTestId('register-confirmPassword'), { target: { value: 'Owner-Pass-1' } });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-same-name')).textContent).toBe(
      '“北京瓜香农业科技有限公司”已有企业在本平台注册。如是贵公司，请联系贵公司的管理员为您开通账号，不必重复注册；如确是另一家同名企业，可以继续注册，平台审核企业信息时会核对。',
    );
    // under the name, as a warning (not an error: the person may go on)
    // under the name, as a warning (not an error: the person may go on)
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-warning')?.textContent).toBe('已有同名企业注册'));
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '继续注册' }));
    expect((await screen.findByTestId('register-success')).textContent).toContain('guaxiang2');
    expect(calls.map((c) => (JSON.parse(c.data as string) as { confirmSameName: boolean }).confirmSameName)).toEqual([false, true]);
  });
});

describe('audit list filters', () => {
  it('keep a known status and a trimmed name', () => {
    expect(auditFilters({ status: 'SUBMITTED', fullName: ' 瓜香 ' })).toEqual({ status: 'SUBMITTED', fullName: '瓜香' });
    expect(auditFilters({ status: 'LOST', fullName: '  ' })).toEqual({ status: undefined, fullName: undefined });
  });
});
