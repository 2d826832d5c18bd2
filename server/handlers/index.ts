// Every area's handlers, keyed by operationId. An operation missing here answers
// 10001 `not implemented: <operationId>` and counts as missing in `npm run coverage:api`.
import { accountHandlers } from './account.ts';
import { alarmHandlers } from './alarms.ts';
import { alarmThresholdHandlers } from './alarm-thresholds.ts';
import { userEventHandlers } from './user-events.ts';
import { apiInfoHandlers } from './api-info.ts';
import { chatHandlers } from './chat.ts';
import { auCityHandlers } from './au-cities.ts';
import { auUpgradeHandlers } from './au-upgrade.ts';
import { brandDataHandlers } from './brand-data.ts';
import { codeHandlers } from './codes.ts';
import { couponHandlers } from './coupons.ts';
import { dataViewHandlers } from './data-views.ts';
import { deviceHandlers } from './devices.ts';
import { exportHandlers } from './exports.ts';
import { feedbackHandlers } from './feedback.ts';
import { fileHandlers } from './files.ts';
import { plantHandlers } from './plants.ts';
import { pointHandlers } from './points.ts';
import { plantConfigHandlers } from './plant-config.ts';
import { productHandlers } from './products.ts';
import { menuHandlers } from './menu.ts';
import { messageHandlers } from './messages.ts';
import { modelCodeHandlers } from './model-codes.ts';
import { moduleHandlers } from './modules.ts';
import { monitoringHandlers } from './monitoring.ts';
import { officeHandlers } from './offices.ts';
import { orderHandlers } from './orders.ts';
import { guardPlantOperations } from './plant-access.ts';
import { legalAdminHandlers } from './legal-admin.ts';
import { liveStreamHandlers } from './live-stream.ts';
import { oldWebHandlers } from './old-web.ts';
import { registrationHandlers } from './registration.ts';
import { remoteSettingHandlers } from './remote-settings.ts';
import { reportHandlers } from './reports.ts';
import { roleHandlers } from './roles.ts';
import { sessionHandlers } from './session.ts';
import { settingsHandlers } from './settings.ts';
import { sharingHandlers } from './sharing.ts';
import { systemDataHandlers } from './system-data.ts';
import { telemetryHandlers } from './telemetry.ts';
import { transferOfficeHandlers } from './transfer-offices.ts';
import { userAdminHandlers } from './user-admin.ts';
import type { Handlers } from './types.ts';
import { genericHandlers } from '../resources/generic-handlers.ts';

// A plant's visitors reach its operations only as far as their share goes (plant-access.ts).
// The generic handlers of stored resources come first: a hand-written handler of the same operation wins.
export const handlers: Handlers = guardPlantOperations({
  ...genericHandlers(),
  ...sessionHandlers,
  ...registrationHandlers,
  ...codeHandlers,
  ...accountHandlers,
  ...userAdminHandlers,
  ...officeHandlers,
  ...apiInfoHandlers,
  ...oldWebHandlers,
  ...systemDataHandlers,
  ...brandDataHandlers,
  ...fileHandlers,
  ...legalAdminHandlers,
  ...menuHandlers,
  ...modelCodeHandlers,
  ...auCityHandlers,
  ...auUpgradeHandlers,
  ...moduleHandlers,
  ...deviceHandlers,
  ...transferOfficeHandlers,
  ...plantHandlers,
  ...plantConfigHandlers,
  ...sharingHandlers,
  ...telemetryHandlers,
  ...monitoringHandlers,
  ...liveStreamHandlers,
  ...reportHandlers,
  ...exportHandlers,
  ...dataViewHandlers,
  ...productHandlers,
  ...orderHandlers,
  ...couponHandlers,
  ...pointHandlers,
  ...settingsHandlers,
  ...roleHandlers,
  ...alarmHandlers,
  ...alarmThresholdHandlers,
  ...userEventHandlers,
  ...messageHandlers,
  ...feedbackHandlers,
  ...chatHandlers,
  ...remoteSettingHandlers,
});
