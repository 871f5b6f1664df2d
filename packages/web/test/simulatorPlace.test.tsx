import './support/dom';
import '../src/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { SCAN_SIMULATE_PATH, type ScanSimulateResult } from '@rd/contract';
import { SimulatorForm } from '../src/pages/public/scan/SimulatorForm';
import { setHttpEffects } from '../src/api/httpEffects';
import { changeLanguage } from '../src/i18n/changeLanguage';
import { envelope, mockApi } from './support/mockApi';

const answerAt = (place: ScanSimulateResult['place']): ScanSimulateResult =>
  ({
    result: { verdict: 'NOT_FOUND', code: 'X1', needsHiddenCode: false, hiddenCodeLength: 0, scanCount: 0, firstScanAt: null, firstScanPlace: '', firstScanPlaceEn: '', suspicious: false, repeatThreshold: 0, scanToken: '', expiredOn: null, recall: null },
    place,
    clientType: 'WECHAT',
    os: '',
  }) as unknown as ScanSimulateResult;

async function simulate(place: ScanSimulateResult['place']): Promise<string> {
  mockApi((config) => (config.url === SCAN_SIMULATE_PATH ? envelope(answerAt(place)) : undefined));
  render(
    <AntApp>
      <SimulatorForm />
    </AntApp>,
  );
  fireEvent.change(screen.getByTestId('simulator-code'), { target: { value: 'X1' } });
  fireEvent.click(screen.getByTestId('simulator-submit'));
  const text = (await screen.findByTestId('simulator-region')).textContent ?? '';
  cleanup();
  return text;
}

beforeEach(() => {
  setHttpEffects({ showError: vi.fn(), showParamCheck: vi.fn(), confirmRelogin: async () => false, logoutAndReload: vi.fn() });
});
afterEach(() => {
  cleanup();
  act(() => changeLanguage('zh_CN'));
});

describe('the staff scan simulator: where the address is', () => {
  it('names the place in the page’s language', async () => {
    const intranet = { ip: '10.1.2.3', country: '内网', province: '', city: '', isp: '', areaCode: '' };
    const nanjing = { ip: '114.114.114.114', country: '中国', province: '江苏省', city: '南京市', isp: '', areaCode: '320000' };
    act(() => changeLanguage('zh_CN'));
    expect(await simulate(intranet)).toContain('内网');
    expect(await simulate(nanjing)).toContain('江苏 南京市');
    act(() => changeLanguage('en_US'));
    expect(await simulate(intranet)).toContain('Intranet');
    expect(await simulate(nanjing)).toContain('Jiangsu Nanjing');
  });
});
