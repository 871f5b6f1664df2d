import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PERMISSIONS, type CodeRecordEstimate } from '@rd/contract';
import TagGenerate from '../src/pages/tag/TagGenerate';
import { formatBytes, formatDuration } from '../src/pages/tag/tagGenerate/estimateText';
import { formatTypedCount } from '../src/pages/tag/tagGenerate/formatCount';
import { setHttpEffects } from '../src/api/httpEffects';
import { changeLanguage } from '../src/i18n/changeLanguage';
import i18n from '../src/i18n';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';

const ADD = '/acc/api/codeRecord/add';
const ESTIMATE = '/acc/api/codeRecord/estimate';
const HEALTH = '/acc/health';

const RULE = {
  id: 'rule-1',
  ruleName: '瓶盖码',
  kind: 'ITEM',
  mode: 'RANDOM',
  prefix: '',
  bodyLength: 16,
  alphabet: 'CROCKFORD32',
  checkScheme: 'MOD37_36',
  hiddenLength: 0,
  urlForm: 'SCAN',
};

const ESTIMATED: CodeRecordEstimate = {
  quantity: 2_000_000,
  codeLength: 17,
  codesPerSecond: 10_000,
  rateSource: 'REFERENCE',
  seconds: 200,
  files: [
    { format: 'csv', bytes: 150_000_043 },
    { format: 'txt', bytes: 150_000_000 },
  ],
};

const JOB = { id: 'job-1', ruleId: 'rule-1', ruleName: '瓶盖码', ruleMode: 'RANDOM', quantity: 5, progress: 0, percent: 0, status: 'QUEUED' };

function serve(options: { configured?: boolean; estimate?: CodeRecordEstimate } = {}): InternalAxiosRequestConfig[] {
  return mockApi((config) => {
    if (config.url === '/acc/api/codeRecord/pageList') return envelope({ total: 0, list: [], pageNum: 1, pageSize: 10 });
    if (config.url === '/acc/api/rule/list') return envelope([RULE]);
    if (config.url === HEALTH) {
      const configured = options.configured ?? true;
      return envelope({ status: 'UP', database: 'pglite', publicBaseUrl: configured ? 'https://trace.example.com' : 'http://localhost:8080', publicBaseUrlConfigured: configured });
    }
    if (config.url === ESTIMATE) return envelope(options.estimate ?? ESTIMATED);
    if (config.url === ADD) return envelope(JOB);
    return undefined;
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <TagGenerate />
      </QueryClientProvider>
    </AntApp>,
  );
}

async function chooseRule() {
  const select = (await screen.findByTestId('generate-rule')).querySelector('input') as HTMLInputElement;
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByText(/^瓶盖码（/));
}

function typeQuantity(text: string): HTMLInputElement {
  const quantity = screen.getByTestId('generate-quantity') as HTMLInputElement;
  fireEvent.change(quantity, { target: { value: text } });
  fireEvent.blur(quantity);
  return quantity;
}

const keyOf = (call: InternalAxiosRequestConfig | undefined) => (call?.headers as Record<string, string> | undefined)?.['idempotency-key'];

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, permissionList: [PERMISSIONS.codeRecordList, PERMISSIONS.codeRecordAdd, PERMISSIONS.codeRecordCancel] });
});

afterEach(() => {
  cleanup();
  act(() => changeLanguage('zh_CN'));
  sessionStore.setState({ user: null, buttons: [] });
});

describe('estimate texts', () => {
  it('round durations and sizes as an estimate deserves', () => {
    const t = i18n.getFixedT('en_US');
    expect(formatDuration(42.2, t)).toBe('43 s');
    expect(formatDuration(200, t)).toBe('3 min 20 s');
    expect(formatDuration(7_320, t)).toBe('2 h 2 min');
    expect(formatBytes(150_000_000)).toBe('143.1 MB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatTypedCount('-5')).toBe('-5');
    expect(formatTypedCount('20000000')).toBe('20,000,000');
    expect(formatTypedCount('1234.5')).toBe('1,234.5');
  });
});

describe('the quantity field', () => {
  it.each([
    ['20,000,000', '20,000,000', '不能大于10000000'],
    ['-5', '-5', '不能小于1'],
    ['2.5', '2.5', '整数'],
  ])('keeps %s as typed and says what is wrong under the field', async (typed, shown, said) => {
    const calls = serve();
    renderPage();
    await chooseRule();
    const quantity = typeQuantity(typed);
    await waitFor(() => expect(screen.getByText(new RegExp(said))).toBeTruthy());
    expect(quantity.value).toBe(shown);
    fireEvent.click(screen.getByTestId('generate-submit'));
    await new Promise((r) => setTimeout(r, 100));
    expect(quantity.value).toBe(shown);
    expect(calls.some((c) => c.url === ADD || c.url === ESTIMATE)).toBe(false);
  });

  it('says it in English too', async () => {
    act(() => changeLanguage('en_US'));
    serve();
    renderPage();
    typeQuantity('20000000');
    await waitFor(() => expect(screen.getByText(/10000000/)).toBeTruthy());
    expect((screen.getByTestId('generate-quantity') as HTMLInputElement).value).toBe('20,000,000');
    expect(screen.getByText('Must be at most 10000000')).toBeTruthy();
  });
});

describe('queuing a job', () => {
  it('sends one Idempotency-Key for a job however often it is sent, and a new one for the next job', async () => {
    const calls = serve();
    renderPage();
    await chooseRule();
    typeQuantity('5');
    const submit = screen.getByTestId('generate-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.url === ADD).length).toBeGreaterThanOrEqual(1));
    await new Promise((r) => setTimeout(r, 100));
    const firstJob = calls.filter((c) => c.url === ADD).map(keyOf);
    expect(firstJob[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(firstJob).size).toBe(1);

    typeQuantity('6');
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.url === ADD).length).toBe(firstJob.length + 1));
    expect(keyOf(calls.filter((c) => c.url === ADD).at(-1))).not.toBe(firstJob[0]);
  });

  it('asks before a job of 1,000,000 codes or more, with its estimated time and download sizes', async () => {
    const calls = serve();
    renderPage();
    await chooseRule();
    typeQuantity('2000000');
    fireEvent.click(screen.getByTestId('generate-submit'));
    const estimate = await screen.findByTestId('generate-estimate');
    expect(screen.getAllByText('生成 2,000,000 个标签码？').length).toBeGreaterThan(0);
    expect(estimate.textContent).toContain('约 3 分 20 秒');
    expect(estimate.textContent).toContain('估算');
    expect(estimate.textContent).toContain('CSV 约 143.1 MB');
    expect(JSON.parse(calls.find((c) => c.url === ESTIMATE)?.data as string)).toMatchObject({ ruleId: 'rule-1', quantity: 2_000_000 });
    expect(calls.some((c) => c.url === ADD)).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(calls.some((c) => c.url === ADD)).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url === ADD)?.data as string)).toMatchObject({ quantity: 2_000_000 });
    expect(keyOf(calls.find((c) => c.url === ADD))).toMatch(/^[0-9a-f]{32}$/);
  });

  it('queues nothing when the big job is not confirmed, and says it in English', async () => {
    act(() => changeLanguage('en_US'));
    const calls = serve({ estimate: { ...ESTIMATED, rateSource: 'MEASURED', codesPerSecond: 50_000, seconds: 40 } });
    renderPage();
    await chooseRule();
    typeQuantity('2,000,000');
    fireEvent.click(screen.getByTestId('generate-submit'));
    const estimate = await screen.findByTestId('generate-estimate');
    expect(screen.getAllByText('Generate 2,000,000 codes?').length).toBeGreaterThan(0);
    expect(estimate.textContent).toContain('about 40 s (an estimate at 50,000 codes a second, measured on this server');
    expect(estimate.textContent).toContain('QR images and label sheets take at most 100,000 codes');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(calls.some((c) => c.url === ADD)).toBe(false);
  });
});

describe('the address printed in QR codes', () => {
  it('warns that labels will point at localhost while PUBLIC_BASE_URL is unset, in both languages', async () => {
    serve({ configured: false });
    renderPage();
    const warning = await screen.findByTestId('generate-localhost-warning');
    expect(warning.textContent).toContain('http://localhost:8080');
    expect(warning.textContent).toContain('PUBLIC_BASE_URL');
    expect(warning.textContent).toContain('消费者扫码无法访问');
    act(() => changeLanguage('en_US'));
    await waitFor(() => expect(screen.getByTestId('generate-localhost-warning').textContent).toContain('consumers cannot reach'));
  });

  it('says nothing when the address is configured', async () => {
    const calls = serve({ configured: true });
    renderPage();
    await screen.findByTestId('generate-rule');
    await waitFor(() => expect(calls.some((c) => c.url === HEALTH)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('generate-localhost-warning')).toBeNull();
  });
});
