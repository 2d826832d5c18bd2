// System data: the login page's site dialog texts, and a missing release (a refused language's message is the accounts').
import type { AreaMessages } from './area.ts';

export const systemDataMessages: AreaMessages = {
  en: {
    'site.selectNote': 'Choose the site that serves your country or region',
    'site.helpNote': 'Each site keeps its own accounts and plants. Log in on the site where your account was registered.',
    'rule.noRelease': '{field}: no release of {value} is recorded',
  },
  'zh-CN': {
    'site.selectNote': '请选择为您所在国家或地区服务的站点',
    'site.helpNote': '各站点的账号和电站相互独立。请在注册账号的站点登录。',
    'rule.noRelease': '{field}：尚无 {value} 的版本记录',
  },
};
