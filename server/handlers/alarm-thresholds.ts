// A plant's own alarm thresholds (openapi/paths/alarm-thresholds.yaml): read by those who see the
// plant's alarms, set by those who manage it (server/handlers/plant-access.ts guards both).
import { plantThresholds, savePlantThresholds } from '../repositories/alarm-thresholds.ts';
import { defineHandlers } from './types.ts';

export const alarmThresholdHandlers = defineHandlers({
  getPlantAlarmThresholds: ({ db, query }) => plantThresholds(db, query.plantUid),
  editPlantAlarmThresholds: ({ db, body: { plantUid, ...own } }) => savePlantThresholds(db, plantUid, own),
});
