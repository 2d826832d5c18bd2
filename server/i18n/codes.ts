import type { AreaMessages } from './area.ts';

export const codesMessages: AreaMessages = {
  en: {},
  'zh-CN': {},
};
