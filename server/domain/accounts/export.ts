// The account list as an XLSX workbook, with its columns and file name in the request's language.
import ExcelJS from 'exceljs';
import { translate } from '../../i18n/messages.ts';

export const MAX_EXPORT_ROWS = 50_000;

export interface ExportAccount {
  loginName: string;
  nickname: string;
  phone?: string;
  email?: string;
  countryName?: string;
  userType: 0 | 1;
  roleName: string;
  officeName: string;
  status: 0 | 1;
  plantNum?: number;
  lastLoginTime?: string;
  createTime: string;
}

const COLUMNS = ['loginName', 'nickname', 'phone', 'email', 'country', 'userType', 'role', 'office', 'status', 'plantNum', 'lastLoginTime', 'createTime'] as const;
const WIDTHS: Record<(typeof COLUMNS)[number], number> = {
  loginName: 24, nickname: 20, phone: 16, email: 30, country: 16, userType: 14, role: 18, office: 28, status: 10, plantNum: 8, lastLoginTime: 20, createTime: 20,
};

/** `2026-05-01T08:30:00.000Z` as `2026-05-01 08:30:00`: readable, and still UTC as the header says. */
const utc = (iso: string | undefined) => (iso ? iso.slice(0, 19).replace('T', ' ') : '');

export async function accountWorkbook(rows: ExportAccount[], lang: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lang, 'accounts.export.sheet'));
  sheet.columns = COLUMNS.map((key) => ({ header: translate(lang, `accounts.export.${key}`), key, width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      loginName: row.loginName,
      nickname: row.nickname,
      phone: row.phone ?? '',
      email: row.email ?? '',
      country: row.countryName ?? '',
      userType: translate(lang, `accounts.userType.${row.userType}`),
      role: row.roleName,
      office: row.officeName,
      status: translate(lang, `accounts.status.${row.status}`),
      plantNum: row.plantNum ?? 0,
      lastLoginTime: utc(row.lastLoginTime),
      createTime: utc(row.createTime),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `Accounts_20260501-083000.xlsx` in the request's language (UTC time). */
export function exportFileName(lang: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `${translate(lang, 'accounts.export.fileName')}_${stamp}.xlsx`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
