// The roles of 000 section 6 and 001 section 6 with their permission strings. Administrator
// holds the wildcard; the others hold what their work needs. Visitor is the read-only demo role.
/** The roles every installation has (schemas/entities/account.schema.json lists the same keys). */
export const ROLE_KEYS = ['Administrator', 'TechnicalSupport', 'Installer', 'Engineer', 'DirectDistributor', 'YwServiceProvider', 'staff1', 'EndUser', 'Visitor'] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

export interface RoleSeed {
  roleKey: RoleKey;
  name: string;
  userType: 0 | 1;
  permissions: string[];
}

/** Every permission string spec 000 names, spelled as it does (`plalform:aboutUs` included). */
export const SPEC_PERMISSIONS = [
  '*:*:*', 'organization:tree', 'common:systemSwitch', 'site:add', 'common:serviceSwitch', 'bigscreen:admin', 'com:vpphupEntry',
  'platform:contactUs', 'platform:versionInfo', 'plalform:aboutUs', 'cms:FAQ', 'user:manual', 'com:ai-assistant',
] as const;

/** Top-bar entries every signed-in user has (000 section 2 "Top bar"). */
const shell = ['platform:contactUs', 'platform:versionInfo', 'plalform:aboutUs', 'cms:FAQ', 'user:manual', 'com:ai-assistant'];
const crud = (resource: string, ...actions: string[]) => actions.map((a) => `${resource}:${a}`);
const modelCodesRead = crud('system:modelCode', 'list');
const modelCodesWrite = crud('system:modelCode', 'add', 'edit', 'remove');
/** Support staff read and answer the feedback and chat of users of their organisations (issue 23). */
const support = [...crud('system:feedback', 'list', 'answer'), 'system:chat:reply'];
/**
 * Reading and changing the settings of devices of the plants one manages (issue 23); visitors of a
 * plant need its share's remoteSettings too. Plant owners (EndUser) only read them: grid protection
 * is an installer's to change.
 */
const remoteConfig = crud('monitor:remoteConfig', 'list', 'edit');

export const roleSeeds: RoleSeed[] = [
  { roleKey: 'Administrator', name: 'Administrator', userType: 1, permissions: ['*:*:*'] },
  { roleKey: 'TechnicalSupport', name: 'Technical support', userType: 1, permissions: [
    ...shell, 'organization:tree', 'site:add', 'bigscreen:admin', 'common:serviceSwitch', 'common:systemSwitch', 'com:vpphupEntry', ...modelCodesRead, ...modelCodesWrite, ...crud('service:deviceImport', 'list', 'add'),
    // The service area's "transfer device": delivers inventory to another organisation.
    ...crud('service:transferDevice', 'list', 'edit'),
    ...crud('system:account', 'list', 'edit', 'export'), ...crud('system:office', 'list'), ...crud('system:internalQuery', 'list'),
    ...crud('system:outbox', 'list'), ...crud('system:apiInfo', 'list'), ...support, ...remoteConfig,
  ] },
  { roleKey: 'Installer', name: 'Installer', userType: 1, permissions: [
    ...shell, 'organization:tree', 'site:add', ...modelCodesRead, ...crud('system:account', 'list', 'add', 'edit'), ...crud('system:office', 'list'), ...remoteConfig,
  ] },
  { roleKey: 'Engineer', name: 'Engineer', userType: 1, permissions: [...shell, 'organization:tree', 'site:add', ...modelCodesRead, ...crud('system:account', 'list')] },
  { roleKey: 'DirectDistributor', name: 'Direct distributor', userType: 1, permissions: [
    ...shell, 'organization:tree', 'site:add', 'bigscreen:admin', 'com:vpphupEntry', ...crud('system:account', 'list', 'add', 'edit', 'export'),
    ...crud('system:office', 'list'), ...crud('system:apiInfo', 'list', 'add', 'remove'),
  ] },
  { roleKey: 'YwServiceProvider', name: 'Service provider', userType: 1, permissions: [
    ...shell, 'organization:tree', 'common:serviceSwitch', ...crud('system:account', 'list'), ...crud('system:office', 'list'),
  ] },
  { roleKey: 'staff1', name: 'Staff', userType: 1, permissions: [...shell, 'organization:tree', 'site:add'] },
  { roleKey: 'EndUser', name: 'End user', userType: 0, permissions: [...shell, 'site:add', ...crud('monitor:remoteConfig', 'list')] },
  { roleKey: 'Visitor', name: 'Demo visitor', userType: 0, permissions: [...shell] },
];
