// @vitest-environment jsdom
// The generic date and date-time columns format through the one formatter (src/lib/date-time.ts)
// in the user's language, never the browser's default format: English YYYY-MM-DD HH:mm:ss,
// Simplified Chinese 2026/11/27 03:38:00; a bare calendar date stays its own day in any zone.
import { afterEach, describe, expect, it } from 'vitest';
import type { BaseRecord } from '@refinedev/core';
import i18n from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import type { EntitySchema, ResourceDescriptor } from '../types';
import { schemaColumns } from './columns';

const entity: EntitySchema = { type: 'object', properties: { createTime: { type: 'string', format: 'date-time' }, day: { type: 'string', format: 'date' } } };
const descriptor = { name: 'things', entity: 'thing', operations: { list: 'pageThings' }, list: { columns: ['createTime', 'day', { field: 'createTime', render: 'date' }] } } as unknown as ResourceDescriptor;
const INSTANT = '2026-11-26T19:38:00.000Z';

function shown(lang: string) {
  const columns = schemaColumns((key) => key, descriptor, entity, { showUrl: () => undefined, hidden: new Set(), clientSide: true });
  const row: BaseRecord = { createTime: INSTANT, day: '2026-11-27' };
  return columns.map((column) => {
    void i18n.changeLanguage(lang);
    return column.render!(row[String(column.dataIndex)], row, 0);
  });
}

afterEach(() => i18n.changeLanguage('en'));

describe('date columns', () => {
  it('in English: the portal\'s numeric form, on the browser\'s clock', () => {
    const [dateTime, day, dateOfInstant] = shown('en');
    expect(dateTime).toBe(formatDateTime(INSTANT, { lang: 'en' }));
    expect(dateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(day).toBe('2026-11-27');
    expect(dateOfInstant).toBe(String(dateTime).slice(0, 10));
  });

  it('in Simplified Chinese: its own numeric form', () => {
    const [dateTime, day] = shown('zh-CN');
    expect(dateTime).toBe(formatDateTime(INSTANT, { lang: 'zh-CN' }));
    expect(dateTime).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(day).toBe('2026/11/27');
  });

  it('an empty value shows nothing', () => {
    const columns = schemaColumns((key) => key, descriptor, entity, { showUrl: () => undefined, hidden: new Set(), clientSide: true });
    expect(columns.map((column) => column.render!(null, {}, 0))).toEqual(['', '', '']);
  });
});
