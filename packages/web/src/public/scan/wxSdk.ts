import type { WxSignature } from '@rd/contract';

/**
 * WeChat's JS-SDK, from WeChat's own address (it is not published as a package; WeChat asks pages to load
 * it from there). Only loaded inside WeChat, where it works; the server's CSP allows this one origin.
 */
export const WX_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** The one JS-SDK interface the entry page uses. */
export const WX_JS_API_LIST = ['scanQRCode'];

interface WxScanResult {
  resultStr: string;
}
interface WxError {
  errMsg: string;
}
interface WxSdk {
  config(options: WxSignature & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  error(callback: (error: WxError) => void): void;
  scanQRCode(options: {
    needResult: 0 | 1;
    scanType: string[];
    success: (result: WxScanResult) => void;
    fail?: (error: WxError) => void;
    cancel?: () => void;
  }): void;
}

declare global {
  interface Window {
    wx?: WxSdk;
  }
}

/** WeChat's built-in browser (WeCom's too, which carries the same marker and the same SDK). */
export function isInWechat(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger\//i.test(userAgent);
}

let loading: Promise<WxSdk> | null = null;

function loadSdk(): Promise<WxSdk> {
  if (window.wx) return Promise.resolve(window.wx);
  loading ??= new Promise<WxSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WX_SDK_URL;
    script.async = true;
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('wx missing')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('wx script failed'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Loads the SDK and configures it with the server's signature of this page; resolves once WeChat accepted it. */
export async function readyWxSdk(signature: WxSignature): Promise<WxSdk> {
  const wx = await loadSdk();
  return new Promise<WxSdk>((resolve, reject) => {
    wx.config({ ...signature, debug: false, jsApiList: WX_JS_API_LIST });
    wx.ready(() => resolve(wx));
    wx.error((error) => reject(new Error(error.errMsg)));
  });
}

/** Opens WeChat's scanner; resolves with the text read, null when the person cancelled. */
export function wxScan(wx: WxSdk): Promise<string | null> {
  return new Promise((resolve, reject) => {
    wx.scanQRCode({
      needResult: 1,
      scanType: ['qrCode', 'barCode'],
      success: (result) => resolve(stripBarcodeFormat(result.resultStr)),
      fail: (error) => reject(new Error(error.errMsg)),
      cancel: () => resolve(null),
    });
  });
}

/** WeChat answers a barcode as "CODE_128,ABC123" (format, comma, text); a QR code comes as the text alone. */
export function stripBarcodeFormat(resultStr: string): string {
  const match = /^(?:CODE_\d+|EAN_\d+|UPC_[AE]|ITF|CODABAR|DATA_MATRIX|PDF_417),(.*)$/s.exec(resultStr);
  return match ? match[1]! : resultStr;
}

/** The address the signature is computed over: the page's URL without its fragment (JS-SDK rules). */
export function signedPageUrl(href: string = window.location.href): string {
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}
