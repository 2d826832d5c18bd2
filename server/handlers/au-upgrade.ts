// The AU utility-server connection of a plant (001 section 2 "AU server connection").
import { AU_SERVERS } from '../domain/plants/au-servers.ts';
import { translate } from '../i18n/messages.ts';
import * as repo from '../repositories/au-upgrade.ts';
import { defineHandlers } from './types.ts';

const byName = [...AU_SERVERS].sort((a, b) => a.name.localeCompare(b.name));

export const auUpgradeHandlers = defineHandlers({
  getAuServerEnums: async () => byName.map(({ name, auAreaCode }) => ({ name, auAreaCode })),
  async checkAntiPlantUpgradeInfo({ db, user, query, lang }) {
    const result = await repo.checkUpgradeInfo(db, user, query.plantUid, query.auAreaCode);
    if (result.errorType === 1) return { errorType: 1, errorMsg: translate(lang, result.errorKey) };
    return result;
  },
  startAutoUpgrade: ({ db, user, body }) => repo.startUpgrades(db, user, body),
  retryAutoUpgrade: ({ db, user, body }) => repo.retryUpgrades(db, user, body),
});
