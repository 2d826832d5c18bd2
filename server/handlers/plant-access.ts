// What a plant's visitor may do with it, per operation, applied in one place: before the handler
// of every operation named here runs, the caller must manage the plant, or hold the named
// permission in a share of it (requirePlantPermission); `null` admits managers only. The handlers
// themselves keep scoping as they do for everyone (a visitor passes their plantScope through the
// share); this table is what stops a visitor at the edge of their share.
//
// The plant is the request's `plantUid` wherever it travels; without one, the plant a `deviceSn`
// is bound to, and then only a caller who visits that plant without managing it is held to the
// share (the device's own scoping, such as the inventory's office, stays the handler's). An
// operation without either (a list over all the caller's plants) is the handler's to narrow,
// with plantsPermitting() of server/repositories/shares.ts.
import type { OperationId } from '../../src/api/generated/operations.ts';
import type { SharePermission } from '../domain/plants/share-permissions.ts';
import { limitDeviceVisitor, requirePlantPermission } from '../repositories/shares.ts';
import type { Handler, HandlerContext, Handlers } from './types.ts';

export const PLANT_PERMISSIONS: Partial<Record<OperationId, SharePermission | null>> = {
  // Looking at the plant, its devices and its live and past energy.
  getOnePlantInfo: 'viewPlant',
  getPlantAchievements: 'viewPlant',
  getCurrentWeather: 'viewPlant',
  getForecastWeather: 'viewPlant',
  getDeviceEneryFlowData: 'viewPlant',
  getPlantSankeyDiagram: 'viewPlant',
  getHomeBatteryStatisticsData: 'viewPlant',
  getHomeDeviceStatisticsData: 'viewPlant',
  getHomeEneryStatisticsData: 'viewPlant',
  getHomePlantStatisticsData: 'viewPlant',
  getHomePowerStatisticsData: 'viewPlant',
  getInverterPvMeterData: 'viewPlant',
  getPlantSiteLayoutData: 'viewPlant',
  getPlantPVTopology: 'viewPlant',
  getPlantDataViews: 'viewPlant',
  getSubGroupData: 'viewPlant',
  getPlantPowerAndPVPowerCurve: 'viewPlant',
  userModuleList: 'viewPlant',
  getModuleListCountInfo: 'viewPlant',
  liveStream: 'viewPlant',
  // The caller's own marks on a plant they see (favourites, pinned first), not the plant's data.
  addFavoritePlant: 'viewPlant',
  deleteFavoritePlant: 'viewPlant',
  addPlantTopRecord: 'viewPlant',
  deletePlantTopRecord: 'viewPlant',
  getPlantReportList: 'viewReports',
  getOnePlantReport: 'viewReports',
  exportPlantReport: 'viewReports',
  alarmEventPage: 'viewAlarms',
  userAlarmList: 'viewAlarms',
  exportAlarmList: 'viewAlarms',
  getUntreatedAlarmNum: 'viewAlarms',
  getAlarmLevelCountInState: 'viewAlarms',
  userAlarmPage: 'viewAlarms',
  getPlantAlarmThresholds: 'viewAlarms',
  // Changing the plant: its details, pictures and views, and (edit mode, AU) its server connection.
  editPlant: 'editPlant',
  modifyProjectPic: 'editPlant',
  editPlantDataViews: 'editPlant',
  checkAntiPlantUpgradeInfo: 'editPlant',
  startAutoUpgrade: 'editPlant',
  retryAutoUpgrade: 'editPlant',
  // A device's data, and its settings read or changed remotely.
  getPvMeterData: 'viewPlant',
  pagePvMeterData: 'viewPlant',
  exportPvMeterList: 'viewPlant',
  getSafetyData: 'remoteSettings',
  getSafetyDataList: 'remoteSettings',
  saveSafetyData: 'remoteSettings',
  deviceAutoTimeSync: 'remoteSettings',
  saveEmsReportEnable: 'remoteSettings',
  remoteSettingLogPage: 'remoteSettings',
  // Who the plant belongs to and whether it exists: never a visitor's to decide.
  deletePlant: null,
  checkChangePlantOwner: null,
  checkChangePlantInstaller: null,
  changePlantOwner: null,
  changePlantInstaller: null,
  editOwnerInformation: null,
  // The alarm rules' limits change what the plant's owner and installer are told: its managers' to set.
  editPlantAlarmThresholds: null,
  // The device inventory is service staff's, by office: its plant filter is no visitor's way in.
  deviceInventoryPage: null,
};

/** A text field of the request, wherever the contract put it. */
function fieldOf(ctx: HandlerContext<OperationId>, name: 'plantUid' | 'deviceSn'): string | undefined {
  for (const part of [ctx.query, ctx.body, ctx.params] as unknown[]) {
    const value = (part as Record<string, unknown> | undefined)?.[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** The handlers, each operation of PLANT_PERMISSIONS preceded by its plant check. */
export function guardPlantOperations(handlers: Handlers): Handlers {
  const guarded: Record<string, Handler<OperationId>> = { ...(handlers as Record<string, Handler<OperationId>>) };
  for (const [operationId, permission] of Object.entries(PLANT_PERMISSIONS) as [OperationId, SharePermission | null][]) {
    const handler = guarded[operationId];
    if (!handler) continue;
    guarded[operationId] = async (ctx) => {
      const plantUid = fieldOf(ctx, 'plantUid');
      const deviceSn = fieldOf(ctx, 'deviceSn');
      if (ctx.auth && plantUid !== undefined) ctx.plant = await requirePlantPermission(ctx.db, ctx.auth, plantUid, permission);
      else if (ctx.auth && deviceSn !== undefined && permission) await limitDeviceVisitor(ctx.db, ctx.auth, deviceSn, permission);
      return handler(ctx);
    };
  }
  return guarded as Handlers;
}
