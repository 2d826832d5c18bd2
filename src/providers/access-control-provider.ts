// Refine's access control: a resource action is allowed when the user holds the permission
// string its descriptor names (000 section 6); `*:*:*` allows everything.
import type { AccessControlProvider } from '@refinedev/core';
import { hasAnyPermission } from '@/lib/permissions';
import { resourceByName } from '@/resources/registry';
import { isLoggedIn } from '@/api/storage';
import { currentLoginInfo } from './session';

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action }) {
    if (!isLoggedIn() || !resource) return { can: false };
    const descriptor = resourceByName(resource);
    const required = descriptor?.permissions[action as keyof typeof descriptor.permissions];
    // An action the descriptor does not declare does not exist for that resource.
    if (!required) return { can: false, reason: 'not offered' };
    const { permissions } = await currentLoginInfo();
    return { can: hasAnyPermission(permissions, [required]) };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
