// Device modules: the names of the module product types (snType 4 and 5).
import type { AreaMessages } from './area.ts';

export const moduleMessages: AreaMessages = {
  en: {
    'modules.productType.4': 'Communication module',
    'modules.productType.5': 'Energy-management module',
  },
  'zh-CN': {
    'modules.productType.4': '通信模块',
    'modules.productType.5': '能量管理模块',
  },
};
