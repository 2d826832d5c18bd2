// User settings: why a value is refused beyond what the schema says.
import type { AreaMessages } from './area.ts';

export const settingsMessages: AreaMessages = {
  en: {
    'rule.notInMenu': '{field}: {value} is not a page of your menu',
  },
  'zh-CN': {
    'rule.notInMenu': '{field}：{value} 不是您菜单中的页面',
  },
};
