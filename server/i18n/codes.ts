// Verification codes, captchas, registration and the texts of the messages that carry codes.
import type { AreaMessages } from './area.ts';

const en = {
  'rule.codeWrong': '{field}: the code is wrong ({left} attempts left)',
  'rule.codeExpired': '{field}: the code has expired or is no longer valid; request a new one',
  'rule.captchaWrong': '{field}: wrong answer; load a new picture',
  'rule.captchaExpired': '{field}: the picture has expired; load a new one',
  'rule.captchaRequired': '{field}: after many wrong passwords for this account, enter the characters in the picture as well',
  'codes.sendFailed': 'The message could not be sent; please try again later',
  'codes.accountUnavailable': 'This account is locked or cancelled',
  'codes.platform.web': 'Solar Portal',
  'codes.platform.app': 'Solar Portal app',
  'codes.purpose.register': 'registering',
  'codes.purpose.login': 'logging in',
  'codes.purpose.resetPwd': 'resetting your password',
  'codes.purpose.modifyPhone': 'changing your phone number',
  'codes.purpose.modifyEmail': 'changing your e-mail address',
  'codes.purpose.cancel': 'cancelling your account',
  'codes.subject': '{platform} verification code',
  'codes.sms': '[{platform}] Your verification code for {purpose} is {code}. It is valid for {minutes} minutes. Never share it with anyone.',
  'codes.email': 'Hello,\n\nyour verification code for {purpose} is:\n\n    {code}\n\nIt is valid for {minutes} minutes. If you did not ask for it, ignore this e-mail. Never share the code with anyone.\n\n{platform}',
};

export const codesMessages: AreaMessages = {
  en,
  'zh-CN': {
    'rule.codeWrong': '{field}：验证码错误（还可尝试 {left} 次）',
    'rule.codeExpired': '{field}：验证码已过期或已失效，请重新获取',
    'rule.captchaWrong': '{field}：答案错误，请刷新图片',
    'rule.captchaExpired': '{field}：图片已过期，请刷新',
    'rule.captchaRequired': '{field}：该账号密码错误次数过多，请同时输入图片中的字符',
    'codes.sendFailed': '消息发送失败，请稍后再试',
    'codes.accountUnavailable': '该账号已被锁定或已注销',
    'codes.platform.web': 'Solar Portal',
    'codes.platform.app': 'Solar Portal App',
    'codes.purpose.register': '注册',
    'codes.purpose.login': '登录',
    'codes.purpose.resetPwd': '重置密码',
    'codes.purpose.modifyPhone': '修改手机号',
    'codes.purpose.modifyEmail': '修改邮箱',
    'codes.purpose.cancel': '注销账号',
    'codes.subject': '{platform} 验证码',
    'codes.sms': '【{platform}】您的验证码为 {code}，用于{purpose}，{minutes} 分钟内有效。请勿泄露给他人。',
    'codes.email': '您好：\n\n您用于{purpose}的验证码为：\n\n    {code}\n\n{minutes} 分钟内有效。如果这不是您本人的操作，请忽略本邮件。请勿将验证码泄露给他人。\n\n{platform}',
  } satisfies Record<keyof typeof en, string>,
};
