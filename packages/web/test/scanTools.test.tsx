import './support/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../src/i18n';
import { summariseLatency, summariseWedge } from '../src/pages/public/scan/device/deviceStats';
import { WedgeCheck } from '../src/pages/public/scan/device/WedgeCheck';
import { isInWechat, signedPageUrl, stripBarcodeFormat } from '../src/public/scan/wxSdk';
import { CLIENT_PRESETS } from '../src/pages/public/scan/clientPresets';

afterEach(cleanup);

describe('device check figures', () => {
  it('latency: min, median (odd and even counts) and max; nothing answered gives null', () => {
    expect(summariseLatency([30, 10, 20])).toEqual({ min: 10, median: 20, max: 30 });
    expect(summariseLatency([40, 10, 20, 30])).toEqual({ min: 10, median: 25, max: 40 });
    expect(summariseLatency([])).toBeNull();
  });

  it('wedge: characters, gaps, the terminating Enter, and typing told apart from a scanner', () => {
    const scanner = summariseWedge([
      { key: 'A', at: 0 },
      { key: 'B', at: 4 },
      { key: 'C', at: 8 },
      { key: 'Enter', at: 14 },
      { key: 'X', at: 500 },
    ]);
    expect(scanner).toMatchObject({ text: 'ABC', gaps: [4, 4, 6], averageGap: 4.7, longestGap: 6, terminated: true, looksHuman: false });
    const hand = summariseWedge([
      { key: 'A', at: 0 },
      { key: 'Shift', at: 100 },
      { key: 'B', at: 220 },
    ]);
    expect(hand).toMatchObject({ text: 'AB', terminated: false, looksHuman: true });
  });

  it('wedge box: shows what a scanner typed and the Enter it ended with', () => {
    render(<WedgeCheck />);
    const input = screen.getByTestId('device-wedge-input');
    for (const key of ['X', 'G', '1', 'Enter']) fireEvent.keyDown(input, { key });
    expect(screen.getByTestId('device-wedge-chars').textContent).toContain('XG1');
    expect(screen.getByTestId('device-wedge-enter').textContent).toMatch(/检测到回车结束符/);
    // The next scan starts afresh.
    fireEvent.keyDown(input, { key: 'Y' });
    expect(screen.getByTestId('device-wedge-chars').textContent).toMatch(/1 个字符：Y/);
  });
});

describe('WeChat entry helpers', () => {
  it('recognises WeChat and WeCom user agents only', () => {
    expect(isInWechat(CLIENT_PRESETS.WECHAT_IOS)).toBe(true);
    expect(isInWechat(CLIENT_PRESETS.WECHAT_ANDROID)).toBe(true);
    expect(isInWechat(CLIENT_PRESETS.WXWORK)).toBe(true);
    expect(isInWechat(CLIENT_PRESETS.QQ_BROWSER)).toBe(false);
    expect(isInWechat(CLIENT_PRESETS.SAFARI)).toBe(false);
  });

  it('takes the text out of a WeChat barcode answer and signs the page URL without its fragment', () => {
    expect(stripBarcodeFormat('CODE_128,XG0000ABCD12')).toBe('XG0000ABCD12');
    expect(stripBarcodeFormat('EAN_13,6901234567892')).toBe('6901234567892');
    expect(stripBarcodeFormat('https://t.example/antiCounterfeiting?code=A,B')).toBe('https://t.example/antiCounterfeiting?code=A,B');
    expect(signedPageUrl('https://t.example/wx?from=menu#top')).toBe('https://t.example/wx?from=menu');
  });
});
