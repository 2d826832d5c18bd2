// What the caller may do with the plant on show: the server's own rule for it (getOnePlantInfo's
// callerPermissions and callerManages, as server/handlers/plant-access.ts applies them), and for
// editing also the role permission the plant's edit asks for. Hidden actions are a courtesy: the
// server refuses them all the same.
import { useAccess } from '@/custom/shell/permission';
import type { Plant } from './show';

/** The role permission behind adding and editing plants. */
export const EDIT_PLANT_ROLE = 'site:add';

export interface PlantAccess {
  /** The caller manages the plant: may delete it, hand it over, share it. */
  manages: boolean;
  may(permission: Plant['callerPermissions'][number]): boolean;
  /** May change the plant's details and views. */
  edits: boolean;
}

export function usePlantAccess(plant: Plant): PlantAccess {
  const role = useAccess();
  const may = (permission: Plant['callerPermissions'][number]) => plant.callerPermissions.includes(permission);
  return { manages: plant.callerManages === 1, may, edits: may('editPlant') && role.hasPermission(EDIT_PLANT_ROLE) };
}
