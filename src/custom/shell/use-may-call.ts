// Whether the signed-in user may call an operation: every permission its contract declares
// (x-permissions, carried in the generated operations table) is held, and a read-only session
// (the demo visitor) calls nothing that writes. Buttons use it to hide what the server would
// refuse anyway.
import { operations, type OperationId } from '@/api/generated/operations';
import { useAccess } from './permission';

export function useMayCall(operationId: OperationId, { writes = true } = {}): boolean {
  const access = useAccess();
  const required = operations[operationId].permissions;
  if (writes && access.readOnly) return false;
  return required.length === 0 || access.hasAllPermissions(required);
}
