import { isIsoDateText, validationMessage, type FieldError, type Lang, type TemplateAttribute, type ValidationKey } from '@rd/contract';

/** Longest one-line text value; rich text may run to the contract's ATTR_VALUE_MAX. */
export const TEXT_VALUE_MAX = 500;
const NUMBER_TEXT_MAX = 40;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CheckedValues {
  /** What is stored: one value per attribute that has one, in the template's order. */
  values: Array<{ attrKey: string; value: string }>;
  /** Stored files named by IMAGE attributes: they must be the company's images. */
  imageIds: string[];
  errors: FieldError[];
}

function problem(attribute: TemplateAttribute, value: string): { key: ValidationKey; params?: Record<string, number> } | null {
  switch (attribute.type) {
    case 'TEXT':
      if (value.includes('\n')) return { key: 'validation.invalid' };
      return value.length > TEXT_VALUE_MAX ? { key: 'validation.tooLong', params: { max: TEXT_VALUE_MAX } } : null;
    case 'NUMBER':
      return value.length <= NUMBER_TEXT_MAX && DECIMAL.test(value) ? null : { key: 'validation.number' };
    case 'DATE':
      return isIsoDateText(value) ? null : { key: 'validation.date' };
    case 'IMAGE':
      return UUID.test(value) ? null : { key: 'validation.invalid' };
    case 'RICH_TEXT':
      return null;
  }
}

/**
 * Checks a product's attribute values against its template: every required attribute has a value and
 * each value fits its attribute's type (a decimal number, a YYYY-MM-DD day, a stored image id, one line
 * of text). Values of keys the template does not define are dropped, like any field the API does not
 * know. Errors are named `attrs.<key>`, the form's field.
 */
export function checkAttrValues(attributes: readonly TemplateAttribute[], sent: Record<string, string>, lang: Lang): CheckedValues {
  const result: CheckedValues = { values: [], imageIds: [], errors: [] };
  for (const attribute of attributes) {
    const given = Object.hasOwn(sent, attribute.attrKey) ? sent[attribute.attrKey] : undefined;
    const value = attribute.type === 'RICH_TEXT' ? (given ?? '') : (given ?? '').trim();
    const field = `attrs.${attribute.attrKey}`;
    if (value.trim() === '') {
      if (attribute.required) result.errors.push({ field, message: validationMessage('validation.required', lang) });
      continue;
    }
    const found = problem(attribute, value);
    if (found) {
      result.errors.push({ field, message: validationMessage(found.key, lang, found.params) });
      continue;
    }
    result.values.push({ attrKey: attribute.attrKey, value: attribute.type === 'IMAGE' ? value.toLowerCase() : value });
    if (attribute.type === 'IMAGE') result.imageIds.push(value.toLowerCase());
  }
  return result;
}
