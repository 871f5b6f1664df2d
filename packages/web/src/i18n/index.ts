import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appStore } from '../app/state/appStore';
import zh_CN from './zh_CN';
import en_US from './en_US';

export const resources = {
  zh_CN: { translation: zh_CN },
  en_US: { translation: en_US },
} as const;

// The i18next language codes are the same as the API's `lang` values (zh_CN | en_US).
void i18n.use(initReactI18next).init({
  resources,
  lng: appStore.getState().language,
  fallbackLng: 'zh_CN',
  // React escapes what it renders; escaping here too would show &amp; and friends.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
