import dayjs from 'dayjs';
import zhCn from 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Lang } from '@rd/contract';
import { setLanguageState } from '../app/state/appStore';
import i18n from './index';

// Spec 9: the first day of the week is Sunday in both languages; dayjs' zh-cn starts on Monday.
dayjs.locale({ ...zhCn, weekStart: 0 }, undefined, true);

const DAYJS_LOCALE: Record<Lang, string> = { zh_CN: 'zh-cn', en_US: 'en' };

/** Switches every language-dependent part at once: messages, antd (via state), dates and the cookie. */
export function changeLanguage(lang: Lang): void {
  setLanguageState(lang);
  dayjs.locale(DAYJS_LOCALE[lang]);
  void i18n.changeLanguage(lang);
}

/** Aligns dayjs with the language read from the cookie at start-up. */
export function applyInitialLanguage(lang: Lang): void {
  dayjs.locale(DAYJS_LOCALE[lang]);
}
