import { ConfigProvider, Modal, message } from 'antd';
import i18n from '../i18n';
import type { HttpEffects } from '../api/httpEffects';
import { appStore } from './state/appStore';
import { ANTD_LOCALES, THEME } from './theme';

/** Toasts: centred at the top, 2 s; errors stay 5 s (spec 8.4 and 9). */
export const TOAST_MS = 2000;
export const ERROR_MS = 5000;

let reloginAsked = false;

// Static messages live outside the React tree; this gives them the app's theme and language.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={THEME} locale={ANTD_LOCALES[appStore.getState().language]}>
      {children}
    </ConfigProvider>
  ),
});
message.config({ top: 24, duration: TOAST_MS / 1000, maxCount: 3 });

/**
 * The HTTP client's effects drawn with antd's message and modal. Server texts are passed as strings,
 * which React renders as text — never as HTML.
 */
export const antdHttpEffects: Omit<HttpEffects, 'logoutAndReload'> = {
  showError: (text) => void message.error({ content: text, duration: ERROR_MS / 1000 }),
  showParamCheck: (msg, errors) =>
    void message.warning({
      duration: ERROR_MS / 1000,
      content: (
        <span>
          {msg}
          {/* each field's reason on a line of its own, unless the message already says it */}
          {errors
            .filter((e) => !msg.includes(e.message))
            .map((e) => (
              <span key={e.field} style={{ display: 'block' }}>
                {e.message}
              </span>
            ))}
        </span>
      ),
    }),
  confirmRelogin: () => {
    // Several calls can fail at once; one question is enough.
    if (reloginAsked) return Promise.resolve(false);
    reloginAsked = true;
    return new Promise<boolean>((resolve) => {
      Modal.confirm({
        title: i18n.t('http.loggedOutTitle'),
        content: i18n.t('http.loggedOut'),
        okText: i18n.t('http.relogin'),
        cancelText: i18n.t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
        afterClose: () => {
          reloginAsked = false;
        },
      });
    });
  },
};
