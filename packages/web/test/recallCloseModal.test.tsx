import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RecallDetail } from '@rd/contract';
import { RecallCloseModal } from '../src/pages/supplyChain/recall/RecallCloseModal';
import { setHttpEffects } from '../src/api/httpEffects';
import { envelope, mockApi } from './support/mockApi';

const ACTIVE = { id: 'r1', recallNo: 'ZH20261127-0001', state: 'ACTIVE' as const };

function detailWith(status: 'RUNNING' | 'DONE'): Partial<RecallDetail> {
  return {
    ...ACTIVE,
    codeCount: 1000,
    jobs: [{ kind: 'RECALLED', status, progress: status === 'DONE' ? 1000 : 400, error: '', createdAt: new Date(), finishedAt: null }],
  };
}

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
});
afterEach(cleanup);

describe('closing a recall', () => {
  it('waits, saying how far they are, while the recalled events are written, then lets the recall close', async () => {
    let status: 'RUNNING' | 'DONE' = 'RUNNING';
    mockApi((config) => (config.url === '/acc/api/recall/getById' ? envelope(detailWith(status)) : undefined));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AntApp>
        <QueryClientProvider client={client}>
          <RecallCloseModal recall={ACTIVE} onClose={() => {}} />
        </QueryClientProvider>
      </AntApp>,
    );
    const waiting = await screen.findByTestId('recall-close-waiting');
    expect(waiting.textContent).toContain('400 / 1000');
    const ok = () => document.querySelector('.ant-modal-footer .ant-btn-primary') as HTMLButtonElement;
    expect(ok().disabled).toBe(true);
    status = 'DONE';
    await waitFor(() => expect(screen.queryByTestId('recall-close-waiting')).toBeNull(), { timeout: 3000 });
    expect(ok().disabled).toBe(false);
  });
});
