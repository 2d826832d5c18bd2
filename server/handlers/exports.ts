// Device data export (exportPvMeterList): the history table's rows as XLSX or CSV. Everything that
// can fail (visibility, range, row cap) is checked before the file starts, so a failure is still
// the envelope; CSV then streams batch by batch.
import type { Cell } from '../domain/exports/table-file.ts';
import { csvChunks, workbook } from '../domain/exports/table-file.ts';
import { translate } from '../i18n/messages.ts';
import { MEASURED_COLUMNS, pvMeterRows } from '../repositories/device-export.ts';
import { sendFile } from './file-answer.ts';
import { defineHandlers } from './types.ts';

export const exportHandlers = defineHandlers({
  async exportPvMeterList({ db, user, query, lang, reply }) {
    const format = query.format ?? 'xlsx';
    const { device, zone, first, last, rows } = await pvMeterRows(db, user, query);
    const columns = [
      { header: translate(lang, 'exports.pvMeter.time', { zone }), width: 22 },
      ...MEASURED_COLUMNS.map((c) => ({ header: translate(lang, `exports.pvMeter.${c}`), width: 18 })),
    ];
    const name = `${translate(lang, 'exports.pvMeter.fileName')}_${device.sn}_${first}_${last}.${format}`;
    if (format === 'csv') return sendFile(reply, name, format, csvChunks(columns, rows()));
    const all: Cell[][] = [];
    for await (const row of rows()) all.push(row);
    return sendFile(reply, name, format, await workbook([{ name: device.sn, columns, rows: all }]));
  },
});
