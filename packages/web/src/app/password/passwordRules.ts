import { PASSWORD_MAX, PASSWORD_MIN } from '@rd/contract';

export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPsw';
export type PasswordValues = Partial<Record<PasswordField, string>>;

export type PasswordProblem =
  | { key: 'validation.required'; field: PasswordField }
  | { key: 'validation.passwordMin'; min: number }
  | { key: 'validation.passwordMax'; max: number }
  | { key: 'validation.passwordSameAsOld' }
  | { key: 'validation.passwordMismatch' };

/** The first broken rule of one field of the change-password form (spec 5.1), or null. */
export function checkPasswordField(field: PasswordField, values: PasswordValues): PasswordProblem | null {
  const value = values[field] ?? '';
  if (value === '') return { key: 'validation.required', field };
  if (field === 'newPassword') {
    if (value.length < PASSWORD_MIN) return { key: 'validation.passwordMin', min: PASSWORD_MIN };
    if (value.length > PASSWORD_MAX) return { key: 'validation.passwordMax', max: PASSWORD_MAX };
    if (value === values.oldPassword) return { key: 'validation.passwordSameAsOld' };
  }
  if (field === 'confirmPsw' && value !== values.newPassword) return { key: 'validation.passwordMismatch' };
  return null;
}

/** Which rules read this field: when it loses focus they are checked again. */
const DEPENDENTS: Record<PasswordField, PasswordField[]> = {
  oldPassword: ['newPassword'],
  newPassword: ['confirmPsw'],
  confirmPsw: [],
};

/** Filled fields to revalidate after `field` lost focus (empty ones are left alone until touched). */
export function relatedFieldsToCheck(field: PasswordField, values: PasswordValues): PasswordField[] {
  return DEPENDENTS[field].filter((other) => (values[other] ?? '') !== '');
}
