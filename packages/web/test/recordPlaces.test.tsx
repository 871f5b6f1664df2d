import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ScanRecordRow } from '@rd/contract';
import Record from '../src/pages/statistic/Record';
import { setHttpEffects } from '../src/api/httpEffects';
import { changeLanguage } from '../src/i18n/changeLanguage';
import { envelope, mockApi } from './support/mockApi';

const row = (id: string, place: Pick<ScanRecordRow, 'country' | 'province' | 'city' | 'areaCode'>): ScanRecordRow => ({
  id,
  companyId: 'c1',
  codeId: null,
  code: `CODE-${id}`,
  productId: null,
  productName: '',
  batchId: null,
  batchNo: '',
  source: 'CHECK',
  verdict: 'GENUINE',
  scanSeq: 1,
  suspicious: false,
  ip: '10.0.0.1',
  isp: '',
  clientType: 'WECHAT',
  os: '',
  latitude: null,
  longitude: null,
  scannedAt: '2026-03-07T02:00:00.000Z',
  ...place,
});
const ROWS = [
  row('1', { country: '内网', province: '', city: '', areaCode: '' }),
  row('2', { country: '中国', province: '广东省', city: '深圳市', areaCode: '440000' }),
  row('3', { country: '中国', province: '北京', city: '北京市', areaCode: '110000' }),
];

/** The place column's texts, row by row (the table's body cells of the place column). */
function places(): string[] {
  const header = [...document.querySelectorAll('.ant-table-thead th')];
  const at = header.findIndex((th) => /地区|Place|Region|Area/i.test(th.textContent ?? ''));
  return [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.children[at]?.textContent ?? '');
}

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
  act(() => changeLanguage('zh_CN'));
  mockApi((config) => (String(config.url).endsWith('/pageList') ? envelope({ total: ROWS.length, list: ROWS, pageNum: 1, pageSize: 10 }) : undefined));
});
afterEach(() => {
  cleanup();
  act(() => changeLanguage('zh_CN'));
});

describe('scan records: where each scan was', () => {
  it('reads in the chosen language: Intranet for private addresses, provinces and cities in English', async () => {
    render(
      <AntApp>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Record />
        </QueryClientProvider>
      </AntApp>,
    );
    await screen.findByText('CODE-1');
    expect(places()).toEqual(['内网', '广东 深圳市', '北京']);
    act(() => changeLanguage('en_US'));
    await waitFor(() => expect(places()).toEqual(['Intranet', 'Guangdong Shenzhen', 'Beijing']));
  });
});
