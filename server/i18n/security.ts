// Passwords, account states, the demo visitor and API clients.
import type { AreaMessages } from './area.ts';

const en = {
  'rule.password.minLength': '{field}: must be at least {limit} characters',
  'rule.password.maxLength': '{field}: must be at most {limit} characters',
  'rule.password.common': '{field}: is one of the most common passwords; choose another',
  'rule.password.sameAsLogin': '{field}: must not be the same as the login name',
  'error.accountDisabled': 'This account has been locked by an administrator; please contact them',
  'error.visitorUnavailable': 'visitor login is not available',
  'error.visitorReadOnly': 'The demo visitor can look around but not change anything; please log in with your own account',
  'rule.apiClientLimit': '{field}: an office can hold at most {limit} API clients; delete one first',
  'lockout.subject': '{platform}: password login to your account is paused',
  'lockout.body': 'Hello {nickname},\n\nthere were {failures} attempts within {window} minutes to log in to your account {loginName} with a wrong password. To stop the guessing, password login to this account is paused for {minutes} minutes, for everyone, you included. Meanwhile you can log in with a verification code sent to your phone or e-mail address.\n\nIf these attempts were not yours, nobody got in with them. If your password is short or you also use it elsewhere, change it after logging in.\n\n{platform}',
};

export const securityMessages: AreaMessages = {
  en,
  'zh-CN': {
    'rule.password.minLength': '{field}：至少 {limit} 个字符',
    'rule.password.maxLength': '{field}：最多 {limit} 个字符',
    'rule.password.common': '{field}：属于最常见的密码，请换一个',
    'rule.password.sameAsLogin': '{field}：不能与登录名相同',
    'error.accountDisabled': '该账号已被管理员锁定，请联系管理员',
    'error.visitorUnavailable': '访客登录不可用',
    'error.visitorReadOnly': '演示访客只能查看，不能修改；请使用自己的账号登录',
    'rule.apiClientLimit': '{field}：每个机构最多 {limit} 个 API 客户端，请先删除一个',
    'lockout.subject': '{platform}：您的账号已暂停密码登录',
    'lockout.body': '{nickname}，您好：\n\n{window} 分钟内有 {failures} 次使用错误密码登录您的账号 {loginName} 的尝试。为阻止猜测，该账号的密码登录暂停 {minutes} 分钟，对所有人（包括您本人）有效。在此期间，您可以通过发送到手机或邮箱的验证码登录。\n\n如果这些尝试不是您本人所为，也没有人借此登录成功。如果您的密码较短或在其他网站也使用过，请在登录后修改密码。\n\n{platform}',
  } satisfies Record<keyof typeof en, string>,
};
