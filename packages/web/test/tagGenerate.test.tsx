import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PERMISSIONS, type CodeRecordRow } from '@rd/contract';
import TagGenerate from '../src/pages/tag/TagGenerate';
import { generateRequest } from '../src/pages/tag/tagGenerate/GenerateForm';
import { formatCount, parseCount } from '../src/pages/tag/tagGenerate/formatCount';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';
import { codeRecordRow } from './support/codeRecordRow';

const LIST = '/acc/api/codeRecord/pageList';
const GET = '/acc/api/codeRecord/getById';
const ADD = '/acc/api/codeRecord/add';
const EDIT = '/acc/api/codeRecord/edit';
const RULES = '/acc/api/rule/list';

const job = (patch: Partial<CodeRecordRow>): CodeRecordRow =>
  codeRecordRow({ quantity: 1_000_000, progress: 100_000, percent: 10, status: 'RUNNING', finishedAt: null, updatedAt: '2024-03-13T07:30:02.000Z', ...patch });

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

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, permissionList: [PERMISSIONS.codeRecordList, PERMISSIONS.codeRecordAdd, PERMISSIONS.codeRecordCancel] });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('counts', () => {
  it('are shown with thousands separators and read back without them', () => {
    expect(formatCount(10_000_000)).toBe('10,000,000');
    expect(parseCount('1,234 567')).toBe('1234567');
    expect(generateRequest({ ruleId: 'r', quantity: 5, remark: '  note ', productId: '' })).toEqual({
      ruleId: 'r',
      quantity: 5,
      remark: 'note',
      productId: undefined,
      batchId: undefined,
    });
  });
});

describe('tag generation screen', () => {
  it('moves the progress bar of a running job until it is done, then stops asking', async () => {
    // The job advances at each poll: 10% in the list and at the first poll, then 40%, then done.
    const polls = [
      job({}),
      job({ progress: 400_000, percent: 40, updatedAt: '2024-03-13T07:30:05.000Z' }),
      job({ progress: 1_000_000, percent: 100, status: 'DONE', finishedAt: '2024-03-13T07:30:09.000Z', updatedAt: '2024-03-13T07:30:09.000Z' }),
    ];
    let listed = job({});
    const calls = mockApi((config) => {
      if (config.url === LIST) return envelope({ total: 1, list: [listed], pageNum: 1, pageSize: 10 });
      if (config.url === RULES) return envelope([RULE]);
      if (config.url === GET) {
        const next = polls.shift() ?? listed;
        listed = next;
        return envelope(next);
      }
      return undefined;
    });
    renderPage();

    const progress = await screen.findByTestId('job-progress-job-1');
    expect(within(progress).getByText('100,000 / 1,000,000')).toBeTruthy();
    expect(screen.getByTestId('job-status-job-1').textContent).toBe('生成中');
    // who asked for it: the person's name, the login name on hover
    expect(screen.getByText('张三').getAttribute('title')).toBe('zhangsan');

    await waitFor(() => expect(within(progress).getByText('400,000 / 1,000,000')).toBeTruthy());
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');

    await waitFor(() => expect(screen.getByTestId('job-status-job-1').textContent).toBe('已完成'));
    expect(within(screen.getByTestId('job-progress-job-1')).getByText('1,000,000 / 1,000,000')).toBeTruthy();
    // A finished job offers no cancel.
    expect(screen.queryByTestId('job-cancel-job-1')).toBeNull();

    const polled = calls.filter((c) => c.url === GET).length;
    expect(polled).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls.filter((c) => c.url === GET).length).toBe(polled);
    expect(calls.find((c) => c.url === GET)?.params).toMatchObject({ id: 'job-1' });
  }, 20_000);

  it('queues a job from the form with the quantity typed with separators', async () => {
    const calls = mockApi((config) => {
      if (config.url === LIST) return envelope({ total: 0, list: [], pageNum: 1, pageSize: 10 });
      if (config.url === RULES) return envelope([RULE]);
      if (config.url === ADD) return envelope(job({ status: 'QUEUED', progress: 0, percent: 0 }));
      return undefined;
    });
    renderPage();

    const select = (await screen.findByTestId('generate-rule')).querySelector('input') as HTMLInputElement;
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('瓶盖码（随机）'));
    const quantity = screen.getByTestId('generate-quantity') as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '100,000' } });
    fireEvent.blur(quantity);
    await waitFor(() => expect(quantity.value).toBe('100,000'));
    fireEvent.click(screen.getByTestId('generate-submit'));

    await waitFor(() => expect(calls.some((c) => c.url === ADD)).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url === ADD)?.data as string)).toMatchObject({ ruleId: 'rule-1', quantity: 100_000, remark: '' });
  });

  it('cancels a running job after confirming', async () => {
    let current = job({ status: 'QUEUED', progress: 0, percent: 0 });
    const calls = mockApi((config) => {
      if (config.url === LIST) return envelope({ total: 1, list: [current], pageNum: 1, pageSize: 10 });
      if (config.url === RULES) return envelope([RULE]);
      if (config.url === GET) return envelope(current);
      if (config.url === EDIT) {
        current = job({ status: 'CANCELLED', progress: 0, percent: 0, updatedAt: '2024-03-13T07:31:00.000Z' });
        return envelope(current);
      }
      return undefined;
    });
    renderPage();

    fireEvent.click(await screen.findByTestId('job-cancel-job-1'));
    fireEvent.click(await screen.findByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(calls.some((c) => c.url === EDIT)).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url === EDIT)?.data as string)).toMatchObject({ id: 'job-1', action: 'CANCEL' });
    await waitFor(() => expect(screen.getByTestId('job-status-job-1').textContent).toBe('已取消'));
  });

  it('hides the form and the cancel button without their permissions', async () => {
    setUser({ ...USER, permissionList: [PERMISSIONS.codeRecordList] });
    mockApi((config) => {
      if (config.url === LIST) return envelope({ total: 1, list: [job({})], pageNum: 1, pageSize: 10 });
      if (config.url === RULES) return envelope([RULE]);
      if (config.url === GET) return envelope(job({}));
      return undefined;
    });
    renderPage();
    await screen.findByTestId('job-progress-job-1');
    expect(screen.queryByTestId('generate-submit')).toBeNull();
    expect(screen.queryByTestId('job-cancel-job-1')).toBeNull();
  });
});
