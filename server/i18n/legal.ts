// Legal documents: why a published version is never changed or withdrawn.
import type { AreaMessages } from './area.ts';

export const legalMessages: AreaMessages = {
  en: {
    'rule.legalPublished': '{field}: {value} has already been in force and users may have accepted it, so it can be neither edited nor deleted; add a newer one instead',
  },
  'zh-CN': {
    'rule.legalPublished': '{field}：{value} 已经生效过，用户可能已接受，因此不能编辑或删除；请发布新版本',
  },
};
