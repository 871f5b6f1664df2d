import { useMemo } from 'react';
import type { FormInstance } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import { VALIDATORS, validationMessage, type FieldError, type Lang, type ValidatorName } from '@rd/contract';
import { isHttpError } from '../api/HttpError';
import { useStore } from '../app/state/createStore';
import { appStore } from '../app/state/appStore';

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Form rules built on the contract's validators and messages, so a form accepts exactly what the API
 * accepts and says so in the same words.
 */
export function fieldRules(lang: Lang) {
  const enter = (label: string) => validationMessage('validation.enterField', lang, { field: label });
  return {
    /**
     * Text that holds more than blanks. Every required rule takes the field's label (the text its Form.Item
     * shows), so its message names the field: 请输入经销商编码 / Dealer code is required.
     */
    required: (label: string): RuleObject => ({ required: true, whitespace: true, message: enter(label) }),
    /** A number typed in, or any value (0 is a value): 请输入排序. */
    requiredValue: (label: string): RuleObject => ({ required: true, message: enter(label) }),
    /** A choice: a select, radio, cascader, date, file or a list of them (an empty list is none): 请选择销售区域. */
    requiredChoice: (label: string): RuleObject => ({ required: true, message: validationMessage('validation.chooseField', lang, { field: label }) }),
    maxLength: (max: number): Rule => ({ type: 'string', max, message: validationMessage('validation.tooLong', lang, { max }) }),
    /** One of the shared validators (spec 5.2); an empty value passes (pair with required() when needed). */
    pattern: (name: ValidatorName): Rule => ({
      validator: (_, value: unknown) =>
        isBlank(value) || VALIDATORS[name].test(value)
          ? Promise.resolve()
          : Promise.reject(new Error(validationMessage(VALIDATORS[name].key, lang))),
    }),
    /** A whole number from min to max. */
    integerRange: (min: number, max: number): Rule => ({
      validator: (_, value: unknown) => {
        if (isBlank(value)) return Promise.resolve();
        if (typeof value !== 'number' || !Number.isInteger(value)) return Promise.reject(new Error(validationMessage('validation.integer', lang)));
        if (value < min) return Promise.reject(new Error(validationMessage('validation.tooSmall', lang, { min })));
        if (value > max) return Promise.reject(new Error(validationMessage('validation.tooBig', lang, { max })));
        return Promise.resolve();
      },
    }),
  };
}

export type FieldRules = ReturnType<typeof fieldRules>;

/** The rules in the current language. */
export function useFieldRules(): FieldRules {
  const lang = useStore(appStore, (s) => s.language);
  return useMemo(() => fieldRules(lang), [lang]);
}

/**
 * The fields a refusal names: PARAM_CHECK's, and those of a refusal with its own code that names fields too
 * (DUPLICATE on a taken value, SAME_NAME_REGISTERED), which come in the envelope. (Here, not beside HttpError:
 * the scan pages share that module and carry every byte of it.)
 */
export function fieldErrorsOf(error: unknown): readonly FieldError[] {
  if (!isHttpError(error)) return [];
  return error.errors.length > 0 ? error.errors : (error.envelope?.errors ?? []);
}

/**
 * Shows the server's field errors (PARAM_CHECK, DUPLICATE) under the form's own fields; errors about
 * fields the form does not have stay in the message the HTTP client already showed.
 */
export function showServerFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]): void {
  const own = fieldErrorsOf(error).filter((e) => fields.includes(e.field));
  if (own.length) form.setFields(own.map((e) => ({ name: e.field, errors: [e.message] })));
}
