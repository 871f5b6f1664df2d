import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PERMISSIONS, type CodeRecordRow } from '@rd/contract';
import { JobActivation, activationPending } from '../src/pages/tag/tagGenerate/JobActivation';
import { CODE_RECORD_LIST_KEY } from '../src/api/codeRecord';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';
import { codeRecordRow } from './support/codeRecordRow';

const ACTIVATE = '/acc/api/codeRecord/activate';
const VOID_ALL = '/acc/api/codeRecord/voidAll';
const ACTIVATION = '/acc/api/codeRecord/activation';
const GET = '/acc/api/codeRecord/getById';

const job = (patch: Partial<CodeRecordRow>): CodeRecordRow => codeRecordRow({ boundCount: 10, activatedCount: 4, voidedCount: 1, ...patch });

const activation = (status: string, progress: number, action: 'ACTIVATE' | 'VOID' = 'ACTIVATE') => ({
  id: 'act-1',
  action,
  voidReason: action === 'VOID' ? '印错批次' : null,
  status,
  quantity: 10,
  progress,
  error: '',
  createdAt: '2024-03-13T08:00:00.000Z',
  finishedAt: null,
});

function renderButton(row: CodeRecordRow): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AntApp>
      <QueryClientProvider client={client}>
        <JobActivation job={row} />
      </QueryClientProvider>
    </AntApp>,
  );
  return client;
}

/** Whether the jobs list was asked to load again. */
const listReloaded = (invalidate: { mock: { calls: unknown[][] } }) =>
  invalidate.mock.calls.some(([filters]) => JSON.stringify((filters as { queryKey?: unknown } | undefined)?.queryKey) === JSON.stringify(CODE_RECORD_LIST_KEY));

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, permissionList: [PERMISSIONS.codeRecordList, PERMISSIONS.codeActivate, PERMISSIONS.codeVoid] });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('activationPending', () => {
  it('waits while the newest change is under way, and for the one asked for until the server answers it ended', () => {
    expect(activationPending(null, null)).toBe(false);
    expect(activationPending({ id: 'a', status: 'DONE' }, null)).toBe(false);
    expect(activationPending({ id: 'a', status: 'QUEUED' }, null)).toBe(true);
    expect(activationPending({ id: 'a', status: 'RUNNING' }, 'a')).toBe(true);
    // asked for, not in the answer yet (none before, or an older one)
    expect(activationPending(null, 'b')).toBe(true);
    expect(activationPending({ id: 'a', status: 'DONE' }, 'b')).toBe(true);
    // asked for and ended, well or not
    expect(activationPending({ id: 'b', status: 'DONE' }, 'b')).toBe(false);
    expect(activationPending({ id: 'b', status: 'FAILED' }, 'b')).toBe(false);
  });
});

describe('activating a whole job', () => {
  it('asks first, then follows the background activation with a bar of the codes in force until none is left', async () => {
    // no activation yet; once asked, it runs (7 of the 9 codes not voided in force), then it is done
    const states = [
      { activation: null, job: job({}) },
      { activation: activation('RUNNING', 3), job: job({ activatedCount: 7 }) },
      { activation: activation('DONE', 5), job: job({ activatedCount: 9 }) },
    ];
    let state = states.shift();
    const calls = mockApi((config) => {
      if (config.url === ACTIVATION) return envelope(state?.activation ?? null);
      if (config.url === GET) return envelope(state?.job);
      if (config.url === ACTIVATE) {
        state = states.shift();
        return envelope({ id: 'act-1' });
      }
      return undefined;
    });
    renderButton(job({}));

    const button = await screen.findByTestId('job-activate-job-1');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('尚未激活的 5 个标签');
    expect(dialog.textContent).toContain('已作废的 1 个标签');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));

    const progress = await screen.findByTestId('job-activation-progress-job-1');
    expect(progress.textContent).toContain('激活中 7 / 9');
    expect(calls.filter((c) => c.url === ACTIVATE)).toHaveLength(1);

    state = states.shift();
    await waitFor(() => expect(screen.getByTestId('job-activate-job-1').hasAttribute('disabled')).toBe(true), { timeout: 3000 });
    expect(screen.queryByTestId('job-activation-progress-job-1')).toBeNull();
  });

  it('is disabled when every code is in force or voided, and absent while the job still makes codes', async () => {
    mockApi((config) => {
      if (config.url === ACTIVATION) return envelope(null);
      if (config.url === GET) return envelope(job({ activatedCount: 9 }));
      return undefined;
    });
    renderButton(job({ activatedCount: 9 }));
    const button = await screen.findByTestId('job-activate-job-1');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    cleanup();
    renderButton(job({ status: 'RUNNING', progress: 3, activatedCount: 0, voidedCount: 0 }));
    expect(screen.queryByTestId('job-activate-job-1')).toBeNull();
  });

  it('voids the whole job after the reason every code keeps, then follows it with a bar of the voided codes', async () => {
    const states = [
      { activation: null, job: job({}) },
      { activation: activation('RUNNING', 4, 'VOID'), job: job({ voidedCount: 5 }) },
    ];
    let state = states.shift();
    const calls = mockApi((config) => {
      if (config.url === ACTIVATION) return envelope(state?.activation ?? null);
      if (config.url === GET) return envelope(state?.job);
      if (config.url === VOID_ALL) {
        state = states.shift();
        return envelope({ id: 'act-1' });
      }
      return undefined;
    });
    renderButton(job({}));

    const button = await screen.findByTestId('job-void-job-1');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('尚未作废的 9 个标签');
    // no reason, no request
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect(await within(dialog).findByText('请填写作废原因')).toBeTruthy();
    expect(calls.filter((c) => c.url === VOID_ALL)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('void-code-reason'), { target: { value: '  印错批次 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    const progress = await screen.findByTestId('job-activation-progress-job-1');
    expect(progress.textContent).toContain('作废中 5 / 10');
    const sent = calls.filter((c) => c.url === VOID_ALL);
    expect(sent.map((c) => JSON.parse(String(c.data)))).toEqual([{ id: 'job-1', reason: '印错批次', lang: 'zh_CN' }]);
  });

  it('reloads the jobs list when an activation was over before its first answer (a small job): the row counts follow', async () => {
    // the server is that quick: the first answer after the request is the activation done, 9 codes in force
    let state: { activation: ReturnType<typeof activation> | null; job: CodeRecordRow } = { activation: null, job: job({}) };
    const calls = mockApi((config) => {
      if (config.url === ACTIVATION) return envelope(state.activation);
      if (config.url === GET) return envelope(state.job);
      if (config.url === ACTIVATE) {
        state = { activation: activation('DONE', 5), job: job({ activatedCount: 9 }) };
        return envelope({ id: 'act-1' });
      }
      return undefined;
    });
    const client = renderButton(job({}));
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    const button = await screen.findByTestId('job-activate-job-1');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));

    await waitFor(() => expect(listReloaded(invalidate)).toBe(true));
    await waitFor(() => expect(screen.getByTestId('job-activate-job-1').hasAttribute('disabled')).toBe(true));
    expect(calls.filter((c) => c.url === ACTIVATE)).toHaveLength(1);
    // followed to its end: no more polling once it is over
    const asked = calls.filter((c) => c.url === ACTIVATION).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.filter((c) => c.url === ACTIVATION)).toHaveLength(asked);
  });

  it('does not reload the lists for an activation that ended long ago', async () => {
    mockApi((config) => {
      if (config.url === ACTIVATION) return envelope(activation('DONE', 5));
      if (config.url === GET) return envelope(job({ activatedCount: 9 }));
      return undefined;
    });
    const client = renderButton(job({ activatedCount: 9 }));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const button = await screen.findByTestId('job-activate-job-1');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(listReloaded(invalidate)).toBe(false);
  });
});
