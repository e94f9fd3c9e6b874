import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Username: required, at most 12 characters. */
export const usernameRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('auth:validation.usernameRequired') },
  { max: 12, message: t('auth:validation.usernameTooLong') },
];

/** Password: 8 to 20 characters. */
export const passwordRules = (t: TFunction): Rule[] => [
  { required: true, message: t('auth:validation.passwordRequired') },
  { min: 8, max: 20, message: t('auth:validation.passwordLength') },
];

/** Confirmation: must equal the field `passwordField`. */
export const confirmRules = (t: TFunction, passwordField: string): Rule[] => [
  { required: true, message: t('auth:validation.confirmRequired') },
  ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      !value || value === getFieldValue(passwordField)
        ? Promise.resolve()
        : Promise.reject(new Error(t('auth:validation.passwordMismatch'))),
  }),
];
