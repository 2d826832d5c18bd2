import type { AreaMessages } from './area.ts';

export const accountMessages: AreaMessages = {
  en: {},
  'zh-CN': {},
};
