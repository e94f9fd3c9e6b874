import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Username: required, at most 12 characters (spec section 5). */
export const usernameRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('auth:register.usernameRequired') },
  { max: 12, message: t('auth:register.usernameTooLong') },
];

/** Password: 8 to 20 characters (spec section 5). */
export const passwordRules = (t: TFunction, required = true): FormRule[] => [
  { required, message: t('auth:register.passwordRequired') },
  { min: 8, max: 20, message: t('auth:register.passwordLength') },
];

/** The confirmation must match the field `field`. */
export const confirmRules = (t: TFunction, field = 'password'): FormRule[] => [
  { required: true, message: t('auth:register.confirmRequired') },
  ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      !value || getFieldValue(field) === value
        ? Promise.resolve()
        : Promise.reject(new Error(t('auth:register.mismatch'))),
  }),
];
