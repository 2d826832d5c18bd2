// Plant sharing (001 section 7 "Plant sharing"): the plant's managers share it with visitors,
// each share with its own permissions; a visitor may leave a plant shared with them.
import { SHARE_PERMISSIONS, DEFAULT_PERMISSIONS } from '../domain/plants/share-permissions.ts';
import { translate } from '../i18n/messages.ts';
import { createVisitorAccount, findShareTarget, sendVisitorNotice } from '../repositories/share-invites.ts';
import * as shares from '../repositories/shares.ts';
import { defineHandlers } from './types.ts';

export const sharingHandlers = defineHandlers({
  async getPlantPermissionList({ lang }) {
    return SHARE_PERMISSIONS.map((code) => ({
      code,
      name: translate(lang, `sharing.permission.${code}`),
      description: translate(lang, `sharing.permission.${code}.description`),
      isDefault: DEFAULT_PERMISSIONS.has(code) ? 1 as const : 0 as const,
    }));
  },
  getShareTarget: ({ db, user, query }) => findShareTarget(db, user, query),
  getPlantVisitorList: ({ db, user, query }) => shares.pageVisitors(db, user, query),
  addPlantVisitor: ({ db, user, body }) => shares.addVisitor(db, user, body),
  addPlantVisitorAndCreateUser: ({ db, user, body, lang }) => createVisitorAccount(db, user, body, lang),
  eidtPlantVisitor: ({ db, user, body }) => shares.editVisitor(db, user, body),
  async deletePlantVisitor({ db, user, body }) {
    await shares.deleteVisitor(db, user, body.id);
    return null;
  },
  async deletePlantShare({ db, user, body }) {
    await shares.leaveShare(db, user, body.plantUid);
    return null;
  },
  async sendNotificationAfterAddPlantVisitorAndCreateUser({ db, sender, config, request, user, query }) {
    await sendVisitorNotice(db, sender, user, query.id, config.publicUrl ?? `${request.protocol}://${request.host}`);
    return null;
  },
});
