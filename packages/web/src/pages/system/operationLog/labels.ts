import type { TFunction, i18n as I18n } from 'i18next';

/** The translated name of an action; one a route invented itself is shown as it is. */
export function actionLabel(t: TFunction, i18n: I18n, action: string): string {
  const key = `operationLog.actions.${action}`;
  return i18n.exists(key) ? t(key as 'operationLog.actions.OTHER') : action;
}

/** The translated name of a module (its route's first path word); unknown ones are shown as they are. */
export function moduleLabel(t: TFunction, i18n: I18n, module: string): string {
  const key = `operationLog.modules.${module}`;
  return i18n.exists(key) ? t(key as 'operationLog.modules.file') : module;
}

/** Recorded parameters are JSON (possibly cut short); shown indented when they still parse. */
export function readableParams(params: string): string {
  if (!params) return '';
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params;
  }
}
