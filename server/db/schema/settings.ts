// Each user's display settings (settingsGetInfo, setUp): one row once the user first saves one;
// a user without a row reads the defaults of schemas/entities/user-settings.schema.json.
import { smallint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

export const userSettings = pgTable('user_settings', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  powerUnit: text('power_unit').notNull(),
  energyUnit: text('energy_unit').notNull(),
  temperatureUnit: text('temperature_unit').notNull(),
  dateFormat: text('date_format').notNull(),
  timeFormat: text('time_format').notNull(),
  defaultPage: text('default_page').notNull(),
  pageSize: smallint('page_size').notNull(),
  themeColor: text('theme_color').notNull(),
  sideTheme: text('side_theme').notNull(),
  topNav: smallint('top_nav').notNull(),
  tagsView: smallint('tags_view').notNull(),
  fixedHeader: smallint('fixed_header').notNull(),
  sidebarLogo: smallint('sidebar_logo').notNull(),
  dynamicTitle: smallint('dynamic_title').notNull(),
  /** 1: a new major or critical alarm of the user's plants is e-mailed as well (server/alarms/notify.ts). */
  alarmEmail: smallint('alarm_email').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
