// The floating panel's rules (000 section 2 "Floating panel", section 9 constants), kept apart
// from its components so that they are tested without a browser.
import { shiftDate } from '@/custom/monitoring/period';

/** Badges show at most this many, then "99+". */
export const BADGE_MAX = 99;
/** The alarm tab lists this many untreated alarms... */
export const PANEL_ALARM_COUNT = 3;
/** ...that started within this many days. */
export const PANEL_ALARM_DAYS = 3;
/** The message tab lists this many unread private messages (the spec names no number; the alarms' 3 keeps the tabs alike). */
export const PANEL_MESSAGE_COUNT = 3;

/** A count as badges and the home page's alarm figures show it: up to 99, then "99+". */
export function cappedCount(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.max(0, Math.floor(count)));
}

/** The badge's text: the capped count; nothing for zero (or a count not known yet). */
export function badgeText(count: number | undefined): string | undefined {
  return count === undefined || !(count > 0) ? undefined : cappedCount(count);
}

/**
 * The panel's entries in their order. The spec numbers the tabs 1 message, 2 alarms, 4 feedback
 * and 5 QR code; customer service has no number because it opens the support chat, not a tab of
 * the panel, and it still counts as the one thing open.
 */
export const PANEL_ENTRIES = ['message', 'alarm', 'service', 'feedback', 'qr'] as const;
export type PanelEntry = (typeof PANEL_ENTRIES)[number];
export const TAB_NUMBERS: Readonly<Record<Exclude<PanelEntry, 'service'>, 1 | 2 | 4 | 5>> = { message: 1, alarm: 2, feedback: 4, qr: 5 };

/** One entry open at a time: clicking another opens it instead, clicking the open one closes it. */
export function toggleEntry(open: PanelEntry | undefined, clicked: PanelEntry): PanelEntry | undefined {
  return open === clicked ? undefined : clicked;
}

/**
 * The alarm tab's request: the newest untreated alarms (state 1) of the last PANEL_ALARM_DAYS
 * days. The badge (getUntreatedAlarmNum countType 1) counts those of the last 72 hours; the list
 * must hold every one of them. The server reads the dates in each plant's own day, which differs
 * from the browser's by up to a day either way (a Shanghai plant is on tomorrow's date from 16:00
 * UTC): so the first day is one earlier, and there is no last day (an alarm raised on the plant's
 * tomorrow was missing from a UTC browser's list).
 */
export function panelAlarmRequest(today: string) {
  return {
    query: { pageNo: 1, pageSize: PANEL_ALARM_COUNT },
    body: { alarmCommonState: 1 as const, queryStartDate: shiftDate(today, 'day', -(PANEL_ALARM_DAYS + 1)), orderByIndex: 1 as const },
  };
}
