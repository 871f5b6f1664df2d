import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DictItemRow, DictTypeRow } from '@rd/contract';
import Dictionary from '../src/pages/system/Dictionary';
import { setHttpEffects } from '../src/api/httpEffects';
import { sessionStore, setUser } from '../src/app/state/sessionStore';
import { envelope, mockApi, USER } from './support/mockApi';

const STAMP = '2026-01-01T00:00:00.000Z';
const TYPES: DictTypeRow[] = [
  { id: 't1', typeCode: 'sys_status', typeName: '启用状态', typeNameEn: 'Status', sort: 1, status: 'ENABLED', remark: '', itemCount: 2, builtin: true, createdAt: STAMP, updatedAt: STAMP },
  { id: 't2', typeCode: 'fruit', typeName: '水果', typeNameEn: '', sort: 2, status: 'DISABLED', remark: '', itemCount: 1, builtin: false, createdAt: STAMP, updatedAt: STAMP },
];
const ITEMS: DictItemRow[] = [
  { id: 'i1', typeCode: 'fruit', dicCode: 'melon', dicName: '甜瓜', dicNameEn: 'Melon', sort: 1, status: 'ENABLED', tagColor: 'green', remark: '', builtin: false, createdAt: STAMP, updatedAt: STAMP },
];
const page = <T,>(list: T[]) => envelope({ total: list.length, list, pageNum: 1, pageSize: 10 });

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  setUser({ ...USER, permissionList: ['system:dict:list', 'system:dict:edit', 'system:dict:delete'] });
});

afterEach(() => {
  cleanup();
  sessionStore.setState({ user: null, buttons: [] });
});

describe('dictionaries screen', () => {
  it('lists types, opens the items of the chosen type and switches an item off', async () => {
    const calls = mockApi((config) => {
      if (config.url === '/acc/api/sysDictype/pageList') return page(TYPES);
      if (config.url === '/acc/api/sysDict/pageList') return page(ITEMS);
      if (config.url === '/acc/api/sysDict/all') return envelope([]);
      if (config.url === '/acc/api/sysDict/edit') return envelope({ ...ITEMS[0], status: 'DISABLED' });
      return undefined;
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AntApp>
        <QueryClientProvider client={client}>
          <Dictionary />
        </QueryClientProvider>
      </AntApp>,
    );

    expect(await screen.findByText('水果')).toBeTruthy();
    // Built-in types cannot be deleted; the others can.
    expect((screen.getByTestId('dict-type-delete-sys_status') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('dict-type-delete-fruit') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByTestId('dict-type-items-fruit'));
    const panel = await screen.findByTestId('dict-items-panel');
    expect(await within(panel).findByText('Melon')).toBeTruthy();
    const itemQuery = calls.find((c) => c.url === '/acc/api/sysDict/pageList');
    expect(JSON.parse(itemQuery?.data as string)).toMatchObject({ typeCode: 'fruit', pageNum: 1, pageSize: 10 });

    fireEvent.click(within(panel).getByTestId('dict-item-status-i1'));
    await waitFor(() => expect(calls.some((c) => c.url === '/acc/api/sysDict/edit')).toBe(true));
    const edit = calls.find((c) => c.url === '/acc/api/sysDict/edit');
    expect(JSON.parse(edit?.data as string)).toEqual({ id: 'i1', status: 'DISABLED', lang: 'zh_CN' });
    // The shared dictionary cache is refreshed after the change.
    await waitFor(() => expect(calls.filter((c) => c.url === '/acc/api/sysDict/all').length).toBeGreaterThanOrEqual(2));
  });
});
