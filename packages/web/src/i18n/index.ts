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
  // A call that leaves out a message's variable would show its raw "{{name}}" to the reader: said in the
  // console, where the browser tests fail on it, and kept visible (the role walk also fails on a "{{").
  // A variable passed as undefined shows as nothing, as i18next does by default.
  missingInterpolationHandler: (text: string, match: RegExpExecArray, options: object | undefined) => {
    const name = (match[1] ?? '').trim();
    if (options && Object.hasOwn(options, name)) return '';
    console.error(`i18n: no value for ${match[0]} in "${text}"`);
    return match[0];
  },
});

export default i18n;
