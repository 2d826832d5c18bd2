import type { AreaMessages } from './area.ts';

export const securityMessages: AreaMessages = {
  en: {},
  'zh-CN': {},
};
