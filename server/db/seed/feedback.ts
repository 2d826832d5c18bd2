// The feedback types users choose from (getTypes), on every installation, in both languages.
import type { Tx } from '../client.ts';
import { feedbackTypes } from '../schema/index.ts';

const TYPES = [
  { id: 1, nameEn: 'Product suggestion', nameZh: '产品建议', sort: 1 },
  { id: 2, nameEn: 'Problem report', nameZh: '问题反馈', sort: 2 },
  { id: 3, nameEn: 'Data or display error', nameZh: '数据或显示错误', sort: 3 },
  { id: 4, nameEn: 'Device or installation', nameZh: '设备或安装', sort: 4 },
  { id: 5, nameEn: 'Other', nameZh: '其他', sort: 5 },
];

export async function seedFeedbackTypes(tx: Tx): Promise<void> {
  await tx.insert(feedbackTypes).values(TYPES).onConflictDoNothing();
}
