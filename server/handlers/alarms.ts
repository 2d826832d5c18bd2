// Device alarms (openapi/paths/alarms.yaml): the alarm centre's list, counts, events and export,
// the floating panel's badge, and closing alarms, all within the plants the caller may see.
import { workbook, type Cell } from '../domain/exports/table-file.ts';
import { fieldError } from '../errors.ts';
import { translate } from '../i18n/messages.ts';
import { alarmsCommitted } from '../alarms/announce.ts';
import {
  alarmDeviceTypes, alarmInfo, alarmNames, closeAlarms, levelCounts, listAlarms, pageAlarms, pageEvents, untreatedCount, type AlarmDto,
} from '../repositories/alarms.ts';
import { sendFile } from './file-answer.ts';
import { defineHandlers } from './types.ts';

/** The contract's cap on an export: past it the answer asks for a narrower date range. */
export const ALARM_EXPORT_CAP = 100_000;

const EXPORT_COLUMNS = [
  'alarmName', 'level', 'state', 'deviceSn', 'deviceType', 'plantName', 'alarmStartTime', 'alarmUpdateTime', 'alarmEndTime', 'occurrenceNum',
] as const satisfies readonly (keyof AlarmDto)[];

function exportCell(alarm: AlarmDto, column: (typeof EXPORT_COLUMNS)[number], lang: string): Cell {
  if (column === 'level') return translate(lang, `alarms.level.${alarm.level}`);
  if (column === 'state') return translate(lang, `alarms.state.${alarm.state}`);
  if (column === 'deviceType') return translate(lang, `alarms.deviceType.${alarm.deviceType}`);
  return alarm[column] ?? null;
}

export const alarmHandlers = defineHandlers({
  alarmEventPage: ({ db, user, query, lang }) => pageEvents(db, user, query, lang),
  getAlarmInfo: ({ db, user, query, lang }) => alarmInfo(db, user, query.id, lang),
  userAlarmList: ({ db, user, query, lang }) => listAlarms(db, user, query, query.limit ?? 20, lang),
  userAlarmPage: ({ db, user, query, body, lang, lists }) => pageAlarms(db, user, { ...body, ...query }, lang, lists),
  alarmNameInfoList: ({ db, query, lang }) => alarmNames(db, lang, query),
  listAlarmDeviceType: ({ db, lang }) => alarmDeviceTypes(db, lang),
  getUntreatedAlarmNum: ({ db, user, query, lists }) => untreatedCount(db, user, query, lists),
  getAlarmLevelCountInState: ({ db, user, query, body, lists }) => levelCounts(db, user, { ...body, ...query }, lists),
  async closeAlarm({ db, user, body }) {
    const ids = [...new Set(body.ids.split(',').map(Number))];
    const closed = await closeAlarms(db, user, ids, null);
    alarmsCommitted(db, closed);
    return { closedNum: closed.length };
  },
  async manualCloseAlarm({ db, user, body, lang }) {
    const closed = await closeAlarms(db, user, [body.id], body.closeRemark.trim());
    if (!closed.length) throw fieldError('id', 'alarmClosed');
    alarmsCommitted(db, closed);
    return alarmInfo(db, user, body.id, lang);
  },
  async exportAlarmList({ db, user, query, lang, reply }) {
    const alarms = await listAlarms(db, user, query, ALARM_EXPORT_CAP + 1, lang);
    if (alarms.length > ALARM_EXPORT_CAP) throw fieldError('queryStartDate', 'exportTooLarge', { limit: ALARM_EXPORT_CAP });
    const columns = EXPORT_COLUMNS.map((c) => ({ header: translate(lang, `alarms.export.${c}`), width: 20 }));
    const rows = alarms.map((alarm) => EXPORT_COLUMNS.map((c) => exportCell(alarm, c, lang)));
    const title = translate(lang, 'alarms.export.fileName');
    return sendFile(reply, `${title}.xlsx`, 'xlsx', await workbook([{ name: title, columns, rows }]));
  },
});
