import { createContext } from 'react';
import i18n from 'i18next';
import type { Lang } from '@rd/contract';
import { COOKIE, langToCookie, writeCookie } from '../app/state/cookies';
import { applyDocumentLanguage } from './documentHead';

/**
 * Switches the consumer pages' language: the messages, the document's lang and the same cookie the portal
 * keeps, so the choice follows the visitor into the portal and back.
 */
export function switchConsumerLanguage(lang: Lang): void {
  writeCookie(COOKIE.language, langToCookie(lang));
  applyDocumentLanguage(lang);
  void i18n.changeLanguage(lang);
}

/**
 * How the public shell's language switch changes the language. The consumer entry uses the default; the
 * portal, whose public pages use the same shell, provides its own (it also switches antd's and dayjs'
 * locales and its state).
 */
export const LanguageSwitchContext = createContext<(lang: Lang) => void>(switchConsumerLanguage);
