import { catalogueMessage, validationMessage, type Lang, type ValidationKey } from '@rd/contract';
import { AppError } from './appError.js';

/**
 * Input refused by a rule the schema cannot see (the database knows better): a PARAM_CHECK naming the
 * field, with the validation message already in the request's language, like a schema failure.
 */
export function invalidField(lang: Lang, field: string, key: ValidationKey): AppError {
  return new AppError('PARAM_CHECK', undefined, [{ field, message: validationMessage(key, lang) }]);
}

/** A value that must be unique is taken: DUPLICATE with the field's label in the request's language. */
export function duplicateField(lang: Lang, field: string, label: Record<Lang, string>, value: string): AppError {
  const params = { field: label[lang], value };
  return new AppError('DUPLICATE', params, [{ field, message: catalogueMessage('DUPLICATE', lang, params) }]);
}
