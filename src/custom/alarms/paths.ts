// Where the alarm centre lives: its menu entry's path (server/db/seed/menus.ts, `Alarm`), for the
// links of the floating panel.
export const ALARM_CENTRE_PATH = '/alarm';
