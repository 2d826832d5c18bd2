// Remote device settings (openapi/paths/remote-settings.yaml): commands to the device over MQTT
// (server/services/remote-settings.ts), the grid-code catalogue, and the change log.
import { gridCodesFor, requestedSettings } from '../domain/remote/grid-codes.ts';
import { settingLogPage } from '../repositories/remote-settings.ts';
import { assertDeviceVisible } from '../repositories/statistics-device-data.ts';
import { changeAutoTimeSync, changeEmsReportEnable, changeSafetyData, readSafetyData, type RemoteContext } from '../services/remote-settings.ts';
import { defineHandlers, type HandlerContext } from './types.ts';

const remote = ({ db, user, config, request }: HandlerContext<'getSafetyData'> | HandlerContext<'saveSafetyData'> | HandlerContext<'deviceAutoTimeSync'> | HandlerContext<'saveEmsReportEnable'>): RemoteContext =>
  ({ db, user, commands: request.server.deviceCommands, timeoutMs: config.remoteCommandTimeoutMs });

/** A template as getSafetyDataList answers it: the code and its default limits, no device. */
const template = ({ exportLimitPower: _none, ...code }: ReturnType<typeof gridCodesFor>[number]) => code;

export const remoteSettingHandlers = defineHandlers({
  async getSafetyData(ctx) {
    return readSafetyData(remote(ctx), await assertDeviceVisible(ctx.db, ctx.user, ctx.body.deviceSn));
  },
  async getSafetyDataList({ db, user, body }) {
    if (body.countryCode !== undefined) return gridCodesFor(body.countryCode).map(template);
    if (body.deviceSn !== undefined) return gridCodesFor((await assertDeviceVisible(db, user, body.deviceSn)).countryCode).map(template);
    return gridCodesFor(undefined).map(template);
  },
  async saveSafetyData(ctx) {
    const device = await assertDeviceVisible(ctx.db, ctx.user, ctx.body.deviceSn);
    const { deviceSn: _sn, ...requested } = ctx.body;
    return changeSafetyData(remote(ctx), device, requestedSettings(requested, gridCodesFor(device.countryCode)));
  },
  async deviceAutoTimeSync(ctx) {
    return changeAutoTimeSync(remote(ctx), await assertDeviceVisible(ctx.db, ctx.user, ctx.body.deviceSn), ctx.body.autoTimeSync);
  },
  async saveEmsReportEnable(ctx) {
    return changeEmsReportEnable(remote(ctx), await assertDeviceVisible(ctx.db, ctx.user, ctx.body.deviceSn), ctx.body.reportEnable);
  },
  async remoteSettingLogPage({ db, user, query }) {
    const device = await assertDeviceVisible(db, user, query.deviceSn);
    return settingLogPage(db, device.sn, query);
  },
});
