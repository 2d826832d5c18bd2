// The server-driven menu (getRouters): directories, pages and permission-only buttons.
import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

export const menus = pgTable('menus', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  parentId: integer('parent_id'),
  /** M directory, C page, F button (a permission with no route). */
  type: text('type', { enum: ['M', 'C', 'F'] }).notNull(),
  name: text('name').notNull().unique(),
  path: text('path').notNull().default(''),
  component: text('component'),
  titleKey: text('title_key').notNull(),
  icon: text('icon'),
  permission: text('permission'),
  sort: integer('sort').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  affix: boolean('affix').notNull().default(false),
  multiTab: boolean('multi_tab').notNull().default(false),
  link: text('link'),
  platformType: smallint('platform_type').notNull().default(4),
}, (t) => [index('menus_parent_idx').on(t.parentId)]);
