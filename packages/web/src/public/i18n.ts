import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@rd/contract';
import appZh from '../i18n/zh_CN/app';
import commonZh from '../i18n/zh_CN/common';
import loginZh from '../i18n/zh_CN/login';
import headerZh from '../i18n/zh_CN/header';
import httpZh from '../i18n/zh_CN/http';
import sessionZh from '../i18n/zh_CN/session';
import scannerZh from '../i18n/zh_CN/scanner';
import bindingZh from '../i18n/zh_CN/binding';
import scanZh from '../i18n/zh_CN/scan';
import appEn from '../i18n/en_US/app';
import commonEn from '../i18n/en_US/common';
import loginEn from '../i18n/en_US/login';
import headerEn from '../i18n/en_US/header';
import httpEn from '../i18n/en_US/http';
import sessionEn from '../i18n/en_US/session';
import scannerEn from '../i18n/en_US/scanner';
import bindingEn from '../i18n/en_US/binding';
import scanEn from '../i18n/en_US/scan';

/**
 * The messages of the consumer pages: the same files and keys as the portal's (so the texts are the same
 * in both), but only the parts these pages use, not the portal's hundreds of screens.
 */
export const consumerResources = {
  zh_CN: { translation: { app: appZh, common: commonZh, login: loginZh, header: headerZh, http: httpZh, session: sessionZh, scanner: scannerZh, binding: bindingZh, scan: scanZh } },
  en_US: { translation: { app: appEn, common: commonEn, login: loginEn, header: headerEn, http: httpEn, session: sessionEn, scanner: scannerEn, binding: bindingEn, scan: scanEn } },
};

export function initConsumerI18n(lang: Lang): void {
  void i18n.use(initReactI18next).init({
    resources: consumerResources,
    lng: lang,
    fallbackLng: 'zh_CN',
    // React escapes what it renders; escaping here too would show &amp; and friends.
    interpolation: { escapeValue: false },
    returnNull: false,
    // The messages are here already: the first render has its texts.
    initAsync: false,
  });
}
