// The caller's report download records (getReportDownloadList): written when exportPlantReport
// answers a file, read back newest first. A user sees only their own.
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reportDownloads } from '../db/schema/index.ts';
import type { ReportType } from '../domain/reports/report-period.ts';
import { pageWindow, type PageRequest } from './paging.ts';

export type DownloadRecord = Omit<typeof reportDownloads.$inferInsert, 'id' | 'createdAt'>;

export async function recordDownload(db: Db, record: DownloadRecord): Promise<void> {
  await db.insert(reportDownloads).values(record);
}

export async function pageDownloads(db: Db, userId: string, request: PageRequest) {
  const { pageNo, pageSize, offset } = pageWindow(request);
  const mine = eq(reportDownloads.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(reportDownloads).where(mine).orderBy(desc(reportDownloads.createdAt), desc(reportDownloads.id)).limit(pageSize).offset(offset),
    db.select({ n: count() }).from(reportDownloads).where(mine),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id, plantUid: r.plantUid, plantName: r.plantName, reportType: r.reportType as ReportType, period: r.period, endDate: r.endDate,
      format: r.format as 'xlsx' | 'csv', fileName: r.fileName, rowCount: r.rowCount, createTime: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0, pageNo, pageSize,
  };
}
