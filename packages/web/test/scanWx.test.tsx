import './support/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initConsumerI18n } from '../src/public/i18n';
import Wx from '../src/public/pages/Wx';
import { CLIENT_PRESETS } from '../src/pages/public/scan/clientPresets';
import { envelope, mockFetch } from './support/mockFetch';

initConsumerI18n('zh_CN');

const SIGNATURE = { appId: 'wx0123456789abcdef', timestamp: 1414587457, nonceStr: 'Wm3WZYTPz0wzccnW', signature: '0f9de62f' };

/** The page at /wx; where it sends the visitor shows in the address (the consumer pages move by history.pushState). */
function start() {
  window.history.replaceState(null, '', '/wx');
  // jsdom does not scroll; the page scrolls to the top when it moves on.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  render(<Wx />);
}

const address = () => window.location.pathname + window.location.search;

function browseAs(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete window.wx;
});

describe('/wx entry', () => {
  it('outside WeChat: no signature asked, the camera / keyboard scanner opens the result of what it reads', async () => {
    browseAs(CLIENT_PRESETS.SAFARI);
    const calls = mockFetch(() => undefined);
    start();
    expect(screen.getByTestId('wx-outside')).toBeTruthy();
    const input = screen.getByTestId('wx-scan-input');
    fireEvent.change(input, { target: { value: 'https://trace.example.cn/antiCounterfeiting?code=XG0000ABCD12' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(address()).toBe('/antiCounterfeiting?code=XG0000ABCD12'));
    expect(calls).toHaveLength(0);
  });

  it('in WeChat without WeChat configured: shows the server’s reason and keeps the fallback scanner', async () => {
    browseAs(CLIENT_PRESETS.WECHAT_ANDROID);
    mockFetch(() => ({ data: { code: 'WX_NOT_CONFIGURED', msg: '未配置微信公众号', data: null } }));
    start();
    expect((await screen.findByTestId('wx-unavailable')).textContent).toContain('未配置微信公众号');
    expect(screen.getByTestId('wx-scan-input')).toBeTruthy();
  });

  it('in WeChat: configures the JS-SDK with the signature of the page URL and scans with WeChat', async () => {
    browseAs(CLIENT_PRESETS.WECHAT_IOS);
    // WeChat's SDK, as the script from res.wx.qq.com defines it (the test stands in for WeChat).
    const config = vi.fn();
    window.wx = {
      config,
      ready: (callback) => callback(),
      error: () => undefined,
      scanQRCode: ({ success }) => success({ resultStr: 'CODE_128,XG0000ABCD12' }),
    };
    const calls = mockFetch((request) => (request.url === '/acc/api/wx/getSignature' ? envelope(SIGNATURE) : undefined));
    start();
    const pageUrl = window.location.href;
    fireEvent.click(await screen.findByTestId('wx-scan'));
    await waitFor(() => expect(address()).toBe('/antiCounterfeiting?code=XG0000ABCD12'));
    expect(calls[0]!.params).toMatchObject({ url: pageUrl });
    expect(config).toHaveBeenCalledWith({ ...SIGNATURE, debug: false, jsApiList: ['scanQRCode'] });
    // The fallback scanner is not offered while WeChat's own is ready.
    expect(screen.queryByTestId('wx-scan-input')).toBeNull();
  });

  it('in WeChat: a QR code without a code is named, not opened', async () => {
    browseAs(CLIENT_PRESETS.WECHAT_IOS);
    window.wx = {
      config: () => undefined,
      ready: (callback) => callback(),
      error: () => undefined,
      scanQRCode: ({ success }) => success({ resultStr: 'https://example.com/somewhere' }),
    };
    mockFetch(() => envelope(SIGNATURE));
    start();
    fireEvent.click(await screen.findByTestId('wx-scan'));
    await waitFor(() => expect(screen.getByTestId('wx-problem').textContent).toContain('https://example.com/somewhere'));
    expect(address()).toBe('/wx');
  });
});
