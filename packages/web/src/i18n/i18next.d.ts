import 'i18next';
import type { Messages } from './zh_CN';

// Typed keys: t('some.key') fails the type-check when the key is not in the message files.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
