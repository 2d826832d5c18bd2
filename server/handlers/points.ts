// Points (001 sections 2 "Market management" and 7 "Points"): the caller's balance and records,
// the records, accounts and device awards of the users in the caller's organisations with their
// exports, point rules, member equity levels, transfers and the income/consumption chart.
import type { FastifyReply } from 'fastify';
import { accountsTable, deviceAwardsTable, recordsTable, type Table } from '../domain/points/export-sheets.ts';
import { csvChunks, workbook, type ExportFormat } from '../domain/exports/table-file.ts';
import { notFoundOrForbidden } from '../errors.ts';
import { addMemberLevel, deleteMemberLevel, editMemberLevel, pageMemberLevels } from '../repositories/member-levels.ts';
import { deviceAwardTotals, deviceAwards, deviceAwardsForExport } from '../repositories/point-device-awards.ts';
import { pointsByPeriod } from '../repositories/point-periods.ts';
import { ownRecords, pointInfo, scopedAccounts, scopedAccountsForExport, scopedRecords, scopedRecordsForExport } from '../repositories/point-records.ts';
import { addPointRule, deletePointRule, editPointRule, pagePointRules, pointRulesForExport } from '../repositories/point-rules.ts';
import { transferPoints } from '../repositories/point-transfers.ts';
import { assertUserInScope } from '../repositories/scope.ts';
import { EXPORT_CAP } from '../resources/generic-export.ts';
import { sendListExport } from '../resources/list-export.ts';
import { hasAnyPermission } from '../../src/lib/permissions.ts';
import { sendFile } from './file-answer.ts';
import { defineHandlers } from './types.ts';

/** Another user's chart needs the user-points list's permission and that user in the caller's organisations. */
const OTHERS_CHART_PERMISSION = 'market:userPoint:list';

async function answerTable(reply: FastifyReply, format: ExportFormat | undefined, table: Table) {
  const chosen = format ?? 'xlsx';
  const name = `${table.title}_${new Date().toISOString().slice(0, 10)}.${chosen}`;
  if (chosen === 'csv') return sendFile(reply, name, chosen, csvChunks(table.columns, table.rows));
  return sendFile(reply, name, chosen, await workbook([{ name: table.title, columns: table.columns, rows: table.rows }]));
}

export const pointHandlers = defineHandlers({
  getPointInfo: ({ db, user }) => pointInfo(db, user.userId),
  webUserPointConsumptionList: ({ db, user, body }) => ownRecords(db, user.userId, body),
  webPointsRecordList: ({ db, user, query, body }) => scopedRecords(db, user, query.searchOfficeIdArr, body),
  webUserPointsRecordList: ({ db, user, query, body }) => scopedAccounts(db, user, query.searchOfficeIdArr, body),
  exportWebPointsRecordList: async ({ db, user, query, body, lang, reply }) =>
    answerTable(reply, query.format, recordsTable(lang, await scopedRecordsForExport(db, user, query.searchOfficeIdArr, body))),
  webUserPointsRecordListExport: async ({ db, user, query, body, lang, reply }) =>
    answerTable(reply, query.format, accountsTable(lang, await scopedAccountsForExport(db, user, query.searchOfficeIdArr, body))),
  exportDeviceManagerRecordList: async ({ db, user, query, body, lang, reply }) =>
    answerTable(reply, query.format, deviceAwardsTable(lang, await deviceAwardsForExport(db, user, query.searchOfficeIdArr, body))),

  getMemberEquityRuleList: ({ db, body }) => pageMemberLevels(db, body),
  saveMemberEquityRule: ({ db, body }) => addMemberLevel(db, body),
  updateMemberEquityRule: ({ db, body }) => editMemberLevel(db, body.id, body),
  deleteMemberEquityRule: async ({ db, body }) => { await deleteMemberLevel(db, body.id); return null; },

  getPointRuleList: ({ db, body }) => pagePointRules(db, body),
  savePointsRule: ({ db, body }) => addPointRule(db, body),
  updatePointsRule: ({ db, body }) => editPointRule(db, body.id, body),
  deletePointsRule: async ({ db, body }) => { await deletePointRule(db, body.id); return null; },
  exportPointRuleList: async ({ db, query, body, lang, reply }) =>
    sendListExport(reply, 'point-rule', await pointRulesForExport(db, body, EXPORT_CAP + 1) as unknown as Record<string, unknown>[], query.format, lang),

  webDeviceManagerRecordList: ({ db, user, query, body }) => deviceAwards(db, user, query.searchOfficeIdArr, body),
  webDeviceManagerStatics: ({ db, user, query, body }) => deviceAwardTotals(db, user, query.searchOfficeIdArr, body),
  pointTransfer: ({ db, user, body }) => transferPoints(db, user, body),

  async aggUserPointGroupByPeriod({ db, user, body }) {
    let userId = user.userId;
    if (body.userId && body.userId !== user.userId) {
      if (!hasAnyPermission(user.permissions, [OTHERS_CHART_PERMISSION])) throw notFoundOrForbidden();
      userId = (await assertUserInScope(db, user, body.userId)).id;
    }
    return pointsByPeriod(db, userId, body.periodType, body.startDate, body.endDate);
  },
});
