import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MEDICINAL_BATCH_API, PERMISSIONS, type ImportResult } from '@rd/contract';
import { setHttpEffects } from '../src/api/httpEffects';
import { appStore } from '../src/app/state/appStore';
import { sessionStore } from '../src/app/state/sessionStore';
import { SpreadsheetImportButtons } from '../src/components/upload/SpreadsheetImportButtons';
import { envelope, mockApi } from './support/mockApi';

function renderButtons() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={client}>
        <SpreadsheetImportButtons
          api={MEDICINAL_BATCH_API}
          permission={PERMISSIONS.medicinalBatchImport}
          templateName="batches.xlsx"
          invalidate={[['medicinalBatch']]}
          testId="batch"
        />
      </QueryClientProvider>
    </AntApp>,
  );
}

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const xlsx = (name = 'batches.xlsx') => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0])], name);

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  sessionStore.setState({ token: 'token-abc', buttons: [PERMISSIONS.medicinalBatchImport] });
  appStore.setState({ language: 'zh_CN' });
});
afterEach(() => cleanup());

describe('spreadsheet import buttons (medicinal batches)', () => {
  it('show the refused rows by row, column and message, and nothing else', async () => {
    const result: ImportResult = {
      imported: 0,
      rowCount: 1000,
      errorCount: 201,
      errors: [{ row: 501, column: '有效期至', columnLetter: 'D', message: '结束日期不能早于开始日期' }],
    };
    const calls = mockApi((config) => (config.url?.endsWith('/importData') ? envelope(result) : undefined));
    renderButtons();
    chooseFile(xlsx());
    const table = await screen.findByTestId('import-errors');
    expect(table.textContent).toContain('501');
    expect(table.textContent).toContain('D · 有效期至');
    expect(table.textContent).toContain('结束日期不能早于开始日期');
    expect(screen.getByText('共 1000 行数据，发现 201 处错误，请修改后重新导入')).toBeTruthy();
    expect(screen.getByText('仅显示前 1 处错误')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/acc/api/medicinalBatch/importData']);
    expect(calls[0]?.data).toBeInstanceOf(FormData);
  });

  it('say how many rows a valid file brought', async () => {
    mockApi((config) => (config.url?.endsWith('/importData') ? envelope({ imported: 3, rowCount: 3, errorCount: 0, errors: [] }) : undefined));
    renderButtons();
    chooseFile(xlsx());
    expect((await screen.findByTestId('import-success')).textContent).toContain('已导入 3 行');
  });

  it('refuse a file that is not a spreadsheet before sending it, send an .xls, and hide without the permission', async () => {
    const calls = mockApi(() => undefined);
    renderButtons();
    chooseFile(new File(['a,b'], 'batches.csv'));
    await waitFor(() => expect(document.body.textContent).toMatch(/xlsx/));
    expect(calls).toHaveLength(0);
    // Excel 97–2003 files go to the server like .xlsx ones
    chooseFile(new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], 'batches.xls'));
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/acc/api/medicinalBatch/importData']));
    cleanup();
    sessionStore.setState({ buttons: [] });
    renderButtons();
    expect(screen.queryByTestId('batch-import')).toBeNull();
    expect(screen.queryByTestId('batch-template')).toBeNull();
  });
});
