import { catalogueMessage, formatMessage, type Lang } from '@rd/contract';
import { AppError } from '../../platform/http/appError.js';

/** A value already used where it must be unique, named on its form field. */
export function duplicateField(field: string, label: string, value: string, lang: Lang): AppError {
  const params = { field: label, value };
  return new AppError('DUPLICATE', params, [{ field, message: catalogueMessage('DUPLICATE', lang, params) }]);
}

/** A rule of this area broken by one field (a message already in the request's language). */
export function invalidField(field: string, message: string, params?: Record<string, string | number>): AppError {
  return new AppError('PARAM_CHECK', undefined, [{ field, message: formatMessage(message, params) }]);
}
