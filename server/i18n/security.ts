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
  } satisfies Record<keyof typeof en, string>,
};
