// Plant reports (001 section 7 "Reports"): the statistics by plant, one plant's report with its
// breakdown and devices, their export as a file, and the caller's download records. Figures come
// from the rollups (statistics-reports.ts); the plant-access guard has checked a visitor's share
// for viewReports when a plant is named, and the list narrows to such shares itself.
import { csvChunks, workbook, type Sheet } from '../domain/exports/table-file.ts';
import { siteCurrency } from '../domain/plants/plant-rules.ts';
import { reportPeriod } from '../domain/reports/report-period.ts';
import { listSheet, plantSheets, reportFileName } from '../domain/reports/report-export.ts';
import { fieldError } from '../errors.ts';
import { pageDownloads, recordDownload } from '../repositories/report-downloads.ts';
import { assertPlantVisible } from '../repositories/scope.ts';
import { plantReport, plantReports } from '../repositories/statistics-reports.ts';
import { sendFile } from './file-answer.ts';
import { defineHandlers } from './types.ts';

/** The most plants a statistics-by-plant export holds: as deep as a list may page. */
export const MAX_REPORT_EXPORT_ROWS = 10_000;

export const reportHandlers = defineHandlers({
  getPlantReportList: ({ db, config, user, query }) =>
    plantReports(db, user, reportPeriod(query.reportType, query.period, query.endDate), query, siteCurrency(config.site)),

  async getOnePlantReport({ db, config, user, query }) {
    const plant = await assertPlantVisible(db, user, query.plantUid);
    return plantReport(db, plant, reportPeriod(query.reportType, query.period, query.endDate), siteCurrency(config.site));
  },

  async exportPlantReport({ db, config, user, query, lang, reply }) {
    const format = query.format ?? 'xlsx';
    const period = reportPeriod(query.reportType, query.period, query.endDate);
    const currency = siteCurrency(config.site);
    let sheets: Sheet[];
    let plantName: string | undefined;
    if (query.plantUid) {
      const plant = await assertPlantVisible(db, user, query.plantUid);
      sheets = plantSheets(lang, await plantReport(db, plant, period, currency));
      plantName = plant.plantName;
    } else {
      const all = { pageNo: 1, pageSize: MAX_REPORT_EXPORT_ROWS + 1, offset: 0 };
      const { list } = await plantReports(db, user, period, query, currency, all);
      if (list.length > MAX_REPORT_EXPORT_ROWS) throw fieldError('searchOfficeIdArr', 'exportTooLarge', { limit: MAX_REPORT_EXPORT_ROWS });
      sheets = [listSheet(lang, list)];
    }
    const [main] = sheets as [Sheet];
    const fileName = reportFileName(lang, format, period.period, period.endDate, plantName);
    const body = format === 'csv' ? csvChunks(main.columns, main.rows) : await workbook(sheets);
    // The total row of a plant's breakdown is no data row.
    const rowCount = main.rows.length - (plantName === undefined ? 0 : 1);
    await recordDownload(db, {
      userId: user.userId, plantUid: query.plantUid ?? null, plantName: plantName ?? null, reportType: period.reportType,
      period: period.period, endDate: period.endDate, format, fileName, rowCount,
    });
    return sendFile(reply, fileName, format, body);
  },

  getReportDownloadList: ({ db, user, query }) => pageDownloads(db, user.userId, query),
});
