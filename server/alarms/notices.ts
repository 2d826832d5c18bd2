// What a new major or critical alarm (level 1 or 2) tells people: a private message to the plant's
// owner and installer, written in the transaction that raised it (so a rolled-back alarm leaves no
// notice), in each recipient's language; those who asked for it in their settings (alarmEmail) get
// an e-mail too, sent after the commit through the code sender's outbox.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { translate } from '../i18n/messages.ts';
import { alarmCatalogue, alarmNameOf } from '../repositories/alarms.ts';
import { sendPrivateMessage } from '../services/messages.ts';
import type { Sender } from '../services/sender.ts';
import type { AlarmChange } from './evaluate.ts';

export interface AlarmNotice {
  userId: string;
  email: string | null;
  title: string;
  body: string;
}

interface Recipient {
  alarm_id: number; user_id: string; lang: string; email: string | null; wants_email: number;
  alarm_code: number; device_type: number; device_sn: string; level: number; start_time: Date | string; plant_uid: string; plant_name: string;
}

/** Whom a change must tell: alarms just raised at level 1 or 2. */
export const noticeWorthy = (changes: AlarmChange[]) => changes.filter((c) => c.raised && c.level >= 1);

/**
 * Writes the private messages of the raised alarms inside `tx` and answers the e-mails to send
 * once it commits.
 */
export async function writeNotices(tx: Tx, changes: AlarmChange[]): Promise<AlarmNotice[]> {
  const raised = noticeWorthy(changes);
  if (!raised.length) return [];
  const result = await tx.execute(sql`
    select a.id as alarm_id, u.id as user_id, u.lang, u.email, coalesce(s.alarm_email, 0) as wants_email,
      a.alarm_code, a.device_type, a.device_sn, a.level, a.start_time, a.plant_uid, p.plant_name
    from alarms a join plants p on p.plant_uid = a.plant_uid
    join users u on u.id in (p.owner_user_id, p.installer_user_id)
    left join user_settings s on s.user_id = u.id
    where a.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(raised.map((c) => c.id))}::jsonb))`);
  const recipients = (result as unknown as { rows: Recipient[] }).rows;
  const codes = await alarmCatalogue(tx);
  const notices: AlarmNotice[] = [];
  for (const r of recipients) {
    const alarmName = alarmNameOf(codes, r.device_type, r.alarm_code, r.lang);
    const entry = codes.find((c) => c.alarmCode === r.alarm_code && c.deviceType === r.device_type) ?? codes.find((c) => c.alarmCode === r.alarm_code);
    const title = translate(r.lang, 'alarms.notice.title', { level: translate(r.lang, `alarms.level.${r.level}`), alarmName });
    const body = translate(r.lang, 'alarms.notice.body', {
      alarmName, deviceSn: r.device_sn, plantName: r.plant_name,
      startTime: new Date(r.start_time).toISOString().slice(0, 16).replace('T', ' '),
      suggestion: entry?.suggestion[r.lang] ?? entry?.suggestion.en ?? '',
    });
    await sendPrivateMessage(tx, { userId: r.user_id, title, body, plantUid: r.plant_uid, deviceSn: r.device_sn });
    if (r.wants_email && r.email) notices.push({ userId: r.user_id, email: r.email, title, body });
  }
  return notices;
}

/** Sends the e-mails of committed notices; a failure is logged and never fails the alarm. */
export function sendNoticeEmails(sender: Sender, notices: AlarmNotice[], log: { warn(details: object, message: string): void }): void {
  for (const notice of notices) {
    sender.send({ channel: 'email', target: notice.email!, subject: notice.title, body: notice.body, purpose: 'alarmNotice' })
      .catch((error: Error) => log.warn({ err: error, userId: notice.userId }, 'alarms: notice e-mail not sent'));
  }
}
