// The points exports as tables: headings in the caller's language, enum values as their labels,
// times as UTC (as the lists answer them).
import type { Cell, Column } from '../exports/table-file.ts';
import { translate } from '../../i18n/messages.ts';
import type { PointAccount, PointRecord } from '../../repositories/point-records.ts';
import type { DeviceAward } from '../../repositories/point-device-awards.ts';

export interface Table {
  title: string;
  columns: Column[];
  rows: Cell[][];
}

const utc = (iso: string | undefined) => (iso ? iso.slice(0, 19).replace('T', ' ') : null);
const headings = (lang: string, keys: string[]) => keys.map((key) => ({ header: translate(lang, `points.export.${key}`), width: key === 'time' ? 20 : 16 }));

export function recordsTable(lang: string, records: PointRecord[]): Table {
  return {
    title: translate(lang, 'points.export.records'),
    columns: headings(lang, ['time', 'loginName', 'nickname', 'office', 'changeType', 'points', 'balance', 'rule', 'orderNo', 'counterpart', 'expireDate', 'remark']),
    rows: records.map((r) => [
      utc(r.createTime), r.loginName ?? null, r.nickname ?? null, r.officeName ?? null, translate(lang, `points.changeType.${r.changeType}`),
      r.points, r.balance, r.ruleName ?? null, r.orderNo ?? null, r.counterpartLoginName ?? null, r.expireDate ?? null, r.remark ?? null,
    ]),
  };
}

export function accountsTable(lang: string, accounts: PointAccount[]): Table {
  return {
    title: translate(lang, 'points.export.accounts'),
    columns: headings(lang, ['loginName', 'nickname', 'userType', 'office', 'available', 'earned', 'used', 'expired', 'level', 'lastChange']),
    rows: accounts.map((a) => [
      a.loginName, a.nickname ?? null, translate(lang, `points.userType.${a.userType}`), a.officeName ?? null,
      a.availablePoints, a.totalEarnedPoints, a.usedPoints, a.expiredPoints, a.memberLevelName ?? null, utc(a.lastChangeTime),
    ]),
  };
}

export function deviceAwardsTable(lang: string, awards: DeviceAward[]): Table {
  return {
    title: translate(lang, 'points.export.devices'),
    columns: headings(lang, ['time', 'loginName', 'nickname', 'deviceSn', 'modelCode', 'ratedPower', 'plant', 'bindTime', 'rule', 'points']),
    rows: awards.map((a) => [
      utc(a.createTime), a.loginName ?? null, a.nickname ?? null, a.deviceSn ?? null, a.modelCode ?? null, a.ratedPower ?? null,
      a.plantName ?? null, utc(a.bindTime), a.ruleName ?? null, a.points,
    ]),
  };
}
