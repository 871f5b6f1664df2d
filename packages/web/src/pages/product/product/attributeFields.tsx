import { DatePicker, Form, Input, InputNumber } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { ATTR_VALUE_MAX, validationMessage, type Lang, type TemplateAttribute } from '@rd/contract';
import { fieldRules } from '../../../components/fieldRules';
import { ImageUpload } from '../../../components/upload/ImageUpload';
import { DATE_FORMAT } from '../../../utils/format';

/** Longest one-line text value (the server's limit for TEXT attributes). */
export const TEXT_VALUE_MAX = 500;

/** What the controls hold: text, a decimal as text (exact, never a float), a day, a stored image id. */
export type AttrFormValue = string | Dayjs | null | undefined;
export type AttrFormValues = Record<string, AttrFormValue>;

/** The attribute's name in the reader's language (the Chinese one when no English name was given). */
export function attributeLabel(attribute: Pick<TemplateAttribute, 'label' | 'labelEn'>, lang: Lang): string {
  return lang === 'en_US' && attribute.labelEn ? attribute.labelEn : attribute.label;
}

/** Stored values (always text) → the values of the form's controls. */
export function attrsToForm(attributes: readonly TemplateAttribute[], attrs: Record<string, string>): AttrFormValues {
  const values: AttrFormValues = {};
  for (const attribute of attributes) {
    const stored = attrs[attribute.attrKey];
    if (stored === undefined) continue;
    values[attribute.attrKey] = attribute.type === 'DATE' ? (dayjs(stored, DATE_FORMAT, true).isValid() ? dayjs(stored, DATE_FORMAT) : null) : stored;
  }
  return values;
}

/**
 * The form's values → the attribute values sent to the server, as text; empty fields are left out, and
 * so are values of attributes the chosen template does not define (left over from another template).
 */
export function formToAttrs(attributes: readonly TemplateAttribute[], values: AttrFormValues | undefined): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const attribute of attributes) {
    const value = values?.[attribute.attrKey];
    if (value === undefined || value === null) continue;
    const text = dayjs.isDayjs(value) ? value.format(DATE_FORMAT) : String(value);
    if (text.trim() !== '') attrs[attribute.attrKey] = text;
  }
  return attrs;
}

function rulesFor(attribute: TemplateAttribute, lang: Lang): Rule[] {
  const rules: Rule[] = [];
  if (attribute.required) {
    const field = fieldRules(lang);
    const label = attributeLabel(attribute, lang);
    const text = attribute.type === 'TEXT' || attribute.type === 'RICH_TEXT';
    rules.push(text ? field.required(label) : attribute.type === 'NUMBER' ? field.requiredValue(label) : field.requiredChoice(label));
  }
  if (attribute.type === 'TEXT') rules.push({ type: 'string', max: TEXT_VALUE_MAX, message: validationMessage('validation.tooLong', lang, { max: TEXT_VALUE_MAX }) });
  return rules;
}

/** The control for an attribute's type; the direct child of its Form.Item, which hands it value and onChange. */
function control(attribute: TemplateAttribute, disabled: boolean) {
  const testId = `attr-${attribute.attrKey}`;
  switch (attribute.type) {
    case 'TEXT':
      return <Input maxLength={TEXT_VALUE_MAX} data-testid={testId} />;
    case 'NUMBER':
      // stringMode keeps decimals as text: exact, never rounded through a float
      return <InputNumber<string> stringMode style={{ width: '100%' }} data-testid={testId} />;
    case 'DATE':
      return <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid={testId} />;
    case 'IMAGE':
      return <ImageUpload place="productImage" disabled={disabled} />;
    case 'RICH_TEXT':
      // Kept and shown as plain text: line breaks survive, markup is never interpreted.
      return <Input.TextArea rows={4} maxLength={ATTR_VALUE_MAX} showCount data-testid={testId} />;
  }
}

export interface AttributeFieldsProps {
  attributes: readonly TemplateAttribute[];
  lang: Lang;
  disabled?: boolean;
}

/**
 * The product form's attribute fields, built from the template: one field per attribute, in the
 * template's order, named `attrs.<key>` (the name the server's field errors use), with a control for
 * its type and the required rule where the template asks for one.
 */
export function AttributeFields({ attributes, lang, disabled = false }: AttributeFieldsProps) {
  return (
    <>
      {attributes.map((attribute) => (
        <Form.Item
          key={attribute.attrKey}
          name={['attrs', attribute.attrKey]}
          label={attributeLabel(attribute, lang)}
          rules={rulesFor(attribute, lang)}
          data-testid={`attr-item-${attribute.attrKey}`}
        >
          {control(attribute, disabled)}
        </Form.Item>
      ))}
    </>
  );
}
