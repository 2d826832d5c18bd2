// Plants: the add/edit wizard, the plant lists and detail, deletion, owners and installers.
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../plugins/auth.ts';
import { saveAvatar } from '../repositories/avatars.ts';
import { MAX_AVATAR_BYTES, sniffImage } from '../domain/accounts/images.ts';
import { achievements, defaultGridPrice, sysParam } from '../domain/plants/site-params.ts';
import { siteCurrency } from '../domain/plants/plant-rules.ts';
import { fieldError } from '../errors.ts';
import * as lists from '../repositories/plant-lists.ts';
import { mark } from '../repositories/plant-marks.ts';
import * as people from '../repositories/plant-people.ts';
import { countryConfig } from '../repositories/plant-configs.ts';
import * as writes from '../repositories/plant-writes.ts';
import { assertPlantVisible } from '../repositories/scope.ts';
import { callerAccess } from '../repositories/shares.ts';
import { defineHandlers } from './types.ts';

/**
 * One plant as the detail and the edit wizard read it: the plant, the URLs of its pictures, and
 * its first device (snType, isEmsAddC6), which decides the system power the form allows.
 */
async function plantDetail(db: Db, config: writes.PlantConfig, user: AuthContext, plantUid: string) {
  const plant = await lists.onePlant(db, user, plantUid);
  const [first, access] = await Promise.all([writes.firstDevice(db, plantUid), callerAccess(db, user, plantUid)]);
  // The DTO leaves blank fields out, which its type spells as a union of shapes.
  const { plantLogo, projectPic } = plant as { plantLogo?: string; projectPic?: string };
  const logo = writes.pictureUrl(config, plantLogo);
  const picture = writes.pictureUrl(config, projectPic);
  return {
    ...plant,
    ...(logo ? { plantLogoUrl: logo } : {}),
    ...(picture ? { projectPicUrl: picture } : {}),
    ...(first ? { snType: first.snType as 1 | 2 | 3 | 4 | 5 | 6 | 7, isEmsAddC6: first.isEmsAddC6 === 1 ? 1 as const : 0 as const } : {}),
    callerPermissions: access.permissions,
    callerManages: access.manages ? 1 as const : 0 as const,
  };
}

export const plantHandlers = defineHandlers({
  getSysParam: async ({ config }) => sysParam(config.site),
  getDefaultGridPrice: async ({ db, config, query }) => defaultGridPrice(config.site, query.countryCode, await countryConfig(db, query.countryCode)),

  async addPlant({ db, config, user, body }) {
    return { plantUid: await writes.addPlant(db, config, user, body) };
  },
  async editPlant({ db, config, user, body }) {
    await writes.editPlant(db, config, user, body.plantUid, body);
    return plantDetail(db, config, user, body.plantUid);
  },
  async deletePlant({ db, user, body }) {
    await writes.deletePlant(db, user, body.plantUid);
    return null;
  },
  async modifyProjectPic({ db, config, user, body }) {
    // The multipart parser hands file parts over as Buffers; the contract types them as strings.
    const file = body.projectPicFile as unknown as Buffer;
    if (file.length >= MAX_AVATAR_BYTES) throw fieldError('projectPicFile', 'fileTooLarge', { limit: MAX_AVATAR_BYTES / 1024 / 1024 });
    const kind = sniffImage(file);
    if (!kind) throw fieldError('projectPicFile', 'notImage');
    // Besides the plant's managers, only visitors whose share grants editPlant get here (plant-access.ts).
    if (body.plantUid) await assertPlantVisible(db, user, body.plantUid);
    // The plant keeps the key (the random file name); addPlant and editPlant accept only keys of
    // files stored here, and the detail answers the URL again.
    const url = await saveAvatar(config, file, kind);
    const key = writes.pictureKey(url);
    if (body.plantUid) await writes.setPlantLogo(db, body.plantUid, key);
    return { plantLogo: key, plantLogoUrl: url };
  },

  getOnePlantInfo: ({ db, config, user, query }) => plantDetail(db, config, user, query.plantUid),
  getPlantList: ({ db, user, query }) => lists.plantList(db, user, query),
  getTopPlantList: ({ db, user, query }) => lists.topPlantList(db, user, query),
  getEndUserPlantList: ({ db, user, query }) => lists.endUserPlantList(db, user, query),
  getUserSharePlantList: ({ db, user, query }) => lists.sharedPlantList(db, user, query),

  addFavoritePlant: ({ db, user, body }) => mark(db, user, 'favorite', body.plantUid, true),
  deleteFavoritePlant: ({ db, user, body }) => mark(db, user, 'favorite', body.plantUid, false),
  addPlantTopRecord: ({ db, user, body }) => mark(db, user, 'top', body.plantUid, true),
  deletePlantTopRecord: ({ db, user, body }) => mark(db, user, 'top', body.plantUid, false),

  checkChangePlantOwner: ({ db, user, body }) => people.findNewOwner(db, user, body.plantUid, body.account),
  async changePlantOwner({ db, user, body }) {
    await people.changeOwner(db, user, body.plantUid, body.userId);
    return null;
  },
  async checkChangePlantInstaller({ db, user, body }) {
    const installer = await people.findNewInstaller(db, user, body.plantUid, body.inviteCode);
    return { name: installer.officeName, email: installer.email ?? '' };
  },
  async changePlantInstaller({ db, user, body }) {
    await people.changeInstaller(db, user, body.plantUid, body.inviteCode);
    return null;
  },
  async editOwnerInformation({ db, user, body }) {
    await people.editOwner(db, user, body);
    return null;
  },
  checkAgentUserIfAddCheck: ({ db, user, query }) => people.agentCheck(db, user, query.endUserId),

  async getPlantAchievements({ db, config, user, query }) {
    const plant = await assertPlantVisible(db, user, query.plantUid);
    return achievements(plant.totalEnergy, plant.gridPrice ?? 0, plant.currencyName ?? siteCurrency(config.site), plant.createdAt);
  },
});
