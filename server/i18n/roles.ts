// Role administration: why a role or a grant is refused.
import type { AreaMessages } from './area.ts';

export const roleMessages: AreaMessages = {
  en: {
    'rule.notInCatalogue': '{field}: {value} is not a permission of the catalogue',
    'rule.notHeld': '{field}: {value} is not a permission you hold, so you cannot grant it',
    'rule.builtInRole': '{field}: {value} is a built-in role and cannot be deleted',
    'rule.builtInRoleKey': '{field}: {value} is a built-in role and keeps its key',
    'rule.builtInRoleUserType': '{field}: {value} is a built-in role and keeps its kind of user',
    'rule.roleInUse': '{field}: role {value} is held by {count} account(s); give them another role first',
    'rule.superRoleWildcard': '{field}: the administrator role keeps {value}',
  },
  'zh-CN': {
    'rule.notInCatalogue': '{field}：{value} 不是权限目录中的权限',
    'rule.notHeld': '{field}：您未拥有权限 {value}，不能授予',
    'rule.builtInRole': '{field}：{value} 是内置角色，不能删除',
    'rule.builtInRoleKey': '{field}：{value} 是内置角色，不能修改角色标识',
    'rule.builtInRoleUserType': '{field}：{value} 是内置角色，不能修改用户类型',
    'rule.roleInUse': '{field}：角色 {value} 正被 {count} 个账号使用；请先为这些账号更换角色',
    'rule.superRoleWildcard': '{field}：管理员角色必须保留 {value}',
  },
};
