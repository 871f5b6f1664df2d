import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN } from '@rd/contract';
import { checkPasswordField, relatedFieldsToCheck } from '../src/app/password/passwordRules';

const good = 'Abcdef-123';

describe('change-password rules (spec 5.1)', () => {
  it('requires every field', () => {
    expect(checkPasswordField('oldPassword', {})).toEqual({ key: 'validation.required', field: 'oldPassword' });
    expect(checkPasswordField('newPassword', { newPassword: '' })).toEqual({ key: 'validation.required', field: 'newPassword' });
    expect(checkPasswordField('confirmPsw', {})).toEqual({ key: 'validation.required', field: 'confirmPsw' });
  });

  it('asks for at least PASSWORD_MIN characters in the new password', () => {
    expect(checkPasswordField('newPassword', { newPassword: 'x'.repeat(PASSWORD_MIN - 1) })).toEqual({
      key: 'validation.passwordMin',
      min: PASSWORD_MIN,
    });
    expect(checkPasswordField('newPassword', { newPassword: 'x'.repeat(PASSWORD_MIN) })).toBeNull();
  });

  it('rejects a new password equal to the old one', () => {
    expect(checkPasswordField('newPassword', { oldPassword: good, newPassword: good })).toEqual({
      key: 'validation.passwordSameAsOld',
    });
    expect(checkPasswordField('newPassword', { oldPassword: 'Old-pass-1', newPassword: good })).toBeNull();
  });

  it('rejects a confirmation that differs from the new password', () => {
    expect(checkPasswordField('confirmPsw', { newPassword: good, confirmPsw: `${good}x` })).toEqual({
      key: 'validation.passwordMismatch',
    });
    expect(checkPasswordField('confirmPsw', { newPassword: good, confirmPsw: good })).toBeNull();
  });

  it('leaving a field rechecks the filled fields whose rule reads it', () => {
    expect(relatedFieldsToCheck('oldPassword', { newPassword: good })).toEqual(['newPassword']);
    expect(relatedFieldsToCheck('oldPassword', {})).toEqual([]);
    expect(relatedFieldsToCheck('newPassword', { confirmPsw: good })).toEqual(['confirmPsw']);
    expect(relatedFieldsToCheck('confirmPsw', { oldPassword: good, newPassword: good })).toEqual([]);
  });
});
