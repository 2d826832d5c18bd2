// Plant configuration and the AU anti-firmware version control (001 section 7 "Plant config and
// firmware control"): administrators' reference data that the plant wizard and the AU upgrade checks read.
import * as repo from '../repositories/plant-configs.ts';
import { defineHandlers } from './types.ts';

export const plantConfigHandlers = defineHandlers({
  getPlantConfigList: ({ db, query }) => repo.pagePlantConfigs(db, query),
  editPlantConfig: ({ db, user, body }) => repo.savePlantConfig(db, user, body),
  getAuAntiFwVersionControl: ({ db, query }) => repo.pageFwControls(db, query),
  editAuAntiFwVersionControl: ({ db, body }) => repo.saveFwControl(db, body),
  async deleteAuAntiFwVersionControl({ db, body }) {
    await repo.deleteFwControl(db, body.id);
    return null;
  },
});
