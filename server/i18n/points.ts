// Points: the business rules of spending, transferring and awarding points.
import type { AreaMessages } from './area.ts';

export const pointMessages: AreaMessages = {
  en: {
    'rule.insufficientPoints': '{field}: more than the {balance} points available',
  },
  'zh-CN': {
    'rule.insufficientPoints': '{field}：超过可用的 {balance} 积分',
  },
};
