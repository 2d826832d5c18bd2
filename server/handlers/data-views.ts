// Data views (001 section 7 "Monitoring", /monitor/dataViews/*): the plant's PV topology, its
// sub-groups of devices and a sub-group's day. The plant-access guard has checked a visitor's
// share (viewPlant to look, editPlant to change the sub-groups); assertPlantVisible scopes the
// plant for everyone.
import { dataViews, editDataViews, subGroupDay } from '../repositories/data-views.ts';
import { pvTopology } from '../repositories/pv-topology.ts';
import { assertPlantVisible } from '../repositories/scope.ts';
import { todayIn } from '../repositories/statistics-scope.ts';
import { defineHandlers } from './types.ts';

export const dataViewHandlers = defineHandlers({
  async getPlantPVTopology({ db, user, query }) {
    return pvTopology(db, await assertPlantVisible(db, user, query.plantUid));
  },

  async getPlantDataViews({ db, user, query }) {
    await assertPlantVisible(db, user, query.plantUid);
    return dataViews(db, query.plantUid);
  },

  async editPlantDataViews({ db, user, body }) {
    await assertPlantVisible(db, user, body.plantUid);
    await editDataViews(db, user.userId, body);
    return dataViews(db, body.plantUid);
  },

  async getSubGroupData({ db, user, query }) {
    const plant = await assertPlantVisible(db, user, query.plantUid);
    return subGroupDay(db, plant, query.subGroupId, query.date ?? todayIn(plant.timeZone));
  },
});
