// antd form rules of the account forms, from the helper rules of 000 section 5 and the limits of
// the account calls; messages are i18n keys.
import type { FormRule } from 'antd';
import { CODE, EMAIL, MAINLAND_MOBILE, PASSWORD_MAX, PASSWORD_MIN, codeChannel } from '@/lib/validators';

type T = (key: string, options?: Record<string, unknown>) => string;

export const phoneRules = (t: T): FormRule[] => [
  { required: true, whitespace: true, message: t('account.phoneRequired') },
  { pattern: MAINLAND_MOBILE, message: t('account.phoneInvalid') },
];

export const emailRules = (t: T): FormRule[] => [
  { required: true, whitespace: true, message: t('account.emailRequired') },
  { pattern: EMAIL, message: t('account.emailInvalid') },
];

/** A phone number or an e-mail address, as code login and the forgotten-password form take. */
export const targetRules = (t: T): FormRule[] => [
  { required: true, whitespace: true, message: t('account.targetRequired') },
  { validator: async (_, value: string | undefined) => {
    if (value && !codeChannel(value)) throw new Error(t('account.targetInvalid'));
  } },
];

export const codeRules = (t: T): FormRule[] => [
  { required: true, message: t('account.codeRequired') },
  { pattern: CODE, message: t('account.codeInvalid') },
];

export const passwordRules = (t: T): FormRule[] => [
  { required: true, message: t('account.passwordRequired') },
  { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('account.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }) },
];

/** The repeated password must equal the field `of`. */
export const confirmRules = (t: T, of: string): FormRule[] => [
  { required: true, message: t('account.confirmRequired') },
  ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      if (value && value !== getFieldValue(of)) throw new Error(t('account.confirmMismatch'));
    },
  }),
];
