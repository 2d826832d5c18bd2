// Table columns of a descriptor's list: a field name takes its look from the entity schema (an
// enum shows as a tag, a date-time on one line, a number aligned right); a column object chooses
// the render, colours, unit, width, alignment, ellipsis, fixing, sorting and whether it starts
// hidden.
import type { BaseRecord } from '@refinedev/core';
import { Badge, Image, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { Link } from 'react-router';
import type { ColumnRender, ColumnSpec, EntitySchema, PropertySchema, ResourceDescriptor } from '../types';
import { displayValue, fieldLabel, formatNumber, type Translate } from '../schema-utils';
import { columnSpec } from './column-spec';
import { pictureUrls } from '../pictures';
import i18n from '@/i18n';
import { formatDate, formatDateTime } from '@/lib/date-time';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

export { columnSpec };

function defaultRender(property: PropertySchema | undefined): ColumnRender {
  if (property?.enum) return 'tag';
  if (property?.format === 'date-time') return 'datetime';
  if (property?.format === 'date') return 'date';
  if (property?.type === 'number' || property?.type === 'integer') return 'number';
  return 'text';
}

/** Default tag colours by position in the enum, so that values keep their colour wherever shown. */
const PALETTE = ['blue', 'green', 'orange', 'purple', 'cyan', 'magenta', 'gold', 'geekblue', 'volcano', 'lime'];

type Shown = (value: unknown, record: BaseRecord) => React.ReactNode;

function renderer(t: Translate, descriptor: ResourceDescriptor, spec: ColumnSpec, property: PropertySchema | undefined, kind: ColumnRender, path: SchemaColumnsOptions['showUrl']): Shown {
  const text = (value: unknown) => displayValue(t, descriptor, spec.field, property, value);
  const empty = (value: unknown) => value === undefined || value === null || value === '';
  switch (kind) {
    case 'tag':
      return (value) => empty(value) ? '' : (
        <Tag color={spec.colors?.[String(value)] ?? PALETTE[Math.max(0, (property?.enum ?? []).indexOf(value as never)) % PALETTE.length]}>{text(value)}</Tag>
      );
    case 'badge':
      return (value) => empty(value) ? '' : <Badge status={(spec.colors?.[String(value)] ?? 'default') as never} text={text(value)} />;
    case 'number':
    case 'money':
      return (value) => empty(value) ? '' : `${typeof value === 'number' ? formatNumber(value, property) : String(value)}${spec.unit ? ` ${spec.unit}` : ''}`;
    case 'image':
      // A comma-joined gallery (a product's images) shows its first picture, the cover.
      return (value) => empty(value) ? '' : <Image src={pictureUrls(value)[0]} width={40} height={40} style={{ objectFit: 'cover' }} />;
    case 'link':
      return (value, record) => {
        const to = spec.link ? path(spec.link.resource, record[spec.link.idField ?? spec.field]) : undefined;
        return empty(value) ? '' : to ? <Link to={to}>{text(value)}</Link> : text(value);
      };
    // Through the one formatter in the user's language (not a plant's: the browser's zone). A bare
    // calendar date is that day wherever the browser is, so it is read and shown in UTC.
    case 'date':
      return (value) => empty(value) ? '' : typeof value === 'string' && CALENDAR_DATE.test(value)
        ? formatDate(`${value}T00:00:00Z`, { lang: i18n.language, timeZone: 'UTC' })
        : formatDate(value as string | number, { lang: i18n.language });
    case 'datetime':
      return (value) => empty(value) ? '' : formatDateTime(value as string | number, { lang: i18n.language });
    default:
      return (value) => text(value);
  }
}

export interface SchemaColumnsOptions {
  /** The show page of a record of another resource, for link columns. */
  showUrl(resource: string, id: unknown): string | undefined;
  /** Columns the user turned off (hidden columns start off). */
  hidden: ReadonlySet<string>;
  /** Whether the rows are all in the browser, so that a column may sort them. */
  clientSide: boolean;
}

export function schemaColumns(t: Translate, descriptor: ResourceDescriptor, entity: EntitySchema, options: SchemaColumnsOptions): TableColumnType<BaseRecord>[] {
  return descriptor.list.columns.map(columnSpec).filter((spec) => !options.hidden.has(spec.field)).map((spec) => {
    const property = entity.properties[spec.field];
    const kind = spec.render ?? defaultRender(property);
    const numeric = kind === 'number' || kind === 'money';
    // Free text is cut to the column with the whole of it in a tooltip; dates and tags never wrap.
    const ellipsis = spec.ellipsis ?? kind === 'text';
    const show = renderer(t, descriptor, spec, property, kind, options.showUrl);
    return {
      key: spec.field,
      dataIndex: spec.field,
      title: fieldLabel(t, descriptor, spec.field, property),
      align: spec.align ?? (numeric ? 'right' : 'left'),
      ...(spec.width ? { width: spec.width } : {}),
      ...(spec.fixed ? { fixed: spec.fixed } : {}),
      ellipsis: ellipsis ? { showTitle: false } : false,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      // Unpaged rows sort in the browser; a paged list asks the server (sortField, sortOrder).
      ...(spec.sorter ? { sorter: options.clientSide ? (a: BaseRecord, b: BaseRecord) => compare(a[spec.field], b[spec.field]) : true } : {}),
      render: (value: unknown, record: BaseRecord) => {
        const shown = show(value, record);
        return ellipsis && typeof shown === 'string' && shown
          ? <Tooltip title={shown} placement="topLeft"><Typography.Text style={{ maxWidth: '100%' }} ellipsis>{shown}</Typography.Text></Tooltip>
          : shown;
      },
    };
  });
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''));
}
