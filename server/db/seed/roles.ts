// The roles of 000 section 6 and 001 section 6 with their permission strings. Administrator
// holds the wildcard; the others hold what their work needs.
export interface RoleSeed {
  roleKey: string;
  name: string;
  userType: 0 | 1;
  permissions: string[];
}

const shell = ['platform:contactUs', 'platform:versionInfo', 'plalform:aboutUs', 'cms:FAQ', 'user:manual'];
const modelCodesRead = ['system:modelCode:list'];
const modelCodesWrite = ['system:modelCode:add', 'system:modelCode:edit', 'system:modelCode:remove'];

export const roleSeeds: RoleSeed[] = [
  { roleKey: 'Administrator', name: 'Administrator', userType: 1, permissions: ['*:*:*'] },
  { roleKey: 'TechnicalSupport', name: 'Technical support', userType: 1,
    permissions: [...shell, 'organization:tree', 'site:add', 'bigscreen:admin', 'common:serviceSwitch', ...modelCodesRead, ...modelCodesWrite] },
  { roleKey: 'Installer', name: 'Installer', userType: 1, permissions: [...shell, 'organization:tree', 'site:add', ...modelCodesRead] },
  { roleKey: 'Engineer', name: 'Engineer', userType: 1, permissions: [...shell, 'organization:tree', 'site:add', ...modelCodesRead] },
  { roleKey: 'DirectDistributor', name: 'Direct distributor', userType: 1, permissions: [...shell, 'organization:tree', 'site:add', 'bigscreen:admin'] },
  { roleKey: 'YwServiceProvider', name: 'Service provider', userType: 1, permissions: [...shell, 'organization:tree', 'common:serviceSwitch'] },
  { roleKey: 'staff1', name: 'Staff', userType: 1, permissions: [...shell, 'organization:tree', 'site:add'] },
  { roleKey: 'EndUser', name: 'End user', userType: 0, permissions: [...shell, 'site:add'] },
];
