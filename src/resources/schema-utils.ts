// Turns an entity schema and a resource descriptor into what the screens render: translated
// titles, enum labels, the form's schema and plain-text values. Titles in entity schemas are
// i18n keys (<resource>.fields.<field>); enum labels belong to the entity, so that every view of
// it shares them: enums.<entity>.<field>.<value>.
import { decimalsOf } from '@/lib/multiple-of';
import type { EntitySchema, PropertySchema, ResourceDescriptor } from './types';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const enumLabelKey = (entity: string, field: string, value: unknown) => `enums.${entity}.${field}.${String(value)}`;

export function fieldLabel(t: Translate, descriptor: ResourceDescriptor, field: string, property?: PropertySchema): string {
  return t(property?.title ?? `${descriptor.name}.fields.${field}`);
}

export function enumOptions(t: Translate, descriptor: ResourceDescriptor, field: string, property: PropertySchema) {
  return (property.enum ?? []).map((value) => ({ value, label: t(enumLabelKey(descriptor.entity, field, value)) }));
}

/** One property as RJSF renders it: title translated, description dropped, enum values labelled. */
function formProperty(t: Translate, descriptor: ResourceDescriptor, field: string, property: PropertySchema): Record<string, unknown> {
  const { title: _title, description: _description, enum: values, ...rest } = property;
  const title = fieldLabel(t, descriptor, field, property);
  return values
    ? { ...rest, title, oneOf: enumOptions(t, descriptor, field, property).map((o) => ({ const: o.value, title: o.label })) }
    : { ...rest, title };
}

/**
 * A condition block (dependencies' subschemas, if/then/else) with the properties it adds shown like
 * the form's own: a property the entity declares takes its title and labels from there.
 */
function formCondition(t: Translate, descriptor: ResourceDescriptor, entity: EntitySchema, block: unknown): unknown {
  if (Array.isArray(block)) return block.map((b) => formCondition(t, descriptor, entity, b));
  if (!block || typeof block !== 'object') return block;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block as Record<string, unknown>)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, PropertySchema>).map(([field, own]) => {
        const declared = entity.properties[field];
        // `if` tests values ({const}); they stay as written. Properties that show get a title.
        const shows = !('const' in own) && !('enum' in own && !declared);
        return [field, shows ? formProperty(t, descriptor, field, { ...declared, ...own }) : own];
      }));
    } else out[key] = formCondition(t, descriptor, entity, value);
  }
  return out;
}

/**
 * The schema RJSF renders: the form's fields only, writable ones, titles translated, enums
 * labelled; with the entity's and the descriptor's `dependencies` and `allOf` (if/then/else), so
 * that a field can appear on a condition.
 */
export function formSchema(t: Translate, descriptor: ResourceDescriptor, entity: EntitySchema): Record<string, unknown> {
  const fields = descriptor.form?.fields ?? Object.keys(entity.properties);
  const dependencies = { ...entity.dependencies, ...descriptor.form?.dependencies };
  const allOf = [...(entity.allOf ?? []), ...(descriptor.form?.allOf ?? [])];
  // A field a condition adds shows only while its condition holds, even when form.fields lists it
  // (the time-of-use prices of a tariff without time of use): as a property of its own as well, it
  // would always show.
  const added = new Set(conditionalFields({ allOf, dependencies }));
  const properties: Record<string, unknown> = {};
  for (const field of fields) {
    const property = entity.properties[field];
    if (!property || property.readOnly || added.has(field)) continue;
    properties[field] = formProperty(t, descriptor, field, property);
    const initial = descriptor.form?.defaults?.[field];
    if (initial !== undefined) (properties[field] as Record<string, unknown>).default = initial;
  }
  return {
    type: 'object',
    required: (entity.required ?? []).filter((f) => f in properties),
    properties,
    ...(Object.keys(dependencies).length ? { dependencies: formCondition(t, descriptor, entity, dependencies) } : {}),
    ...(allOf.length ? { allOf: formCondition(t, descriptor, entity, allOf) } : {}),
  };
}

/**
 * The fields a form's conditions add (`then`, `else` and the subschemas of `dependencies`, at any
 * depth); an `if` only tests values and adds none.
 */
export function conditionalFields(schema: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const visit = (node: unknown, adds: boolean) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => visit(n, adds));
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'if') continue;
      if (key === 'properties' && adds && value && typeof value === 'object') Object.keys(value).forEach((f) => found.add(f));
      else if (key === 'dependencies' && value && typeof value === 'object') Object.values(value).forEach((v) => visit(v, true));
      else visit(value, adds || key === 'then' || key === 'else');
    }
  };
  visit({ allOf: schema.allOf, dependencies: schema.dependencies }, false);
  return [...found];
}

/**
 * Only the fields the form edits, those its conditions add included (a scheduled document keeps
 * its publication time when edited), so that read-only values are never sent back.
 */
export function formData(descriptor: ResourceDescriptor, entity: EntitySchema, record: Record<string, unknown> | undefined) {
  if (!record) return {};
  const schema = formSchema((k) => k, descriptor, entity);
  const fields = new Set([...Object.keys(schema.properties as object), ...conditionalFields(schema)]);
  return Object.fromEntries([...fields]
    .filter((f) => !entity.properties[f]?.readOnly && record[f] !== undefined && record[f] !== null)
    .map((f) => [f, record[f]]));
}

/**
 * A number with the decimals its schema allows: `multipleOf` 0.0001 shows four (0.0811, 0.3000),
 * an integer none; without a step, as many as it has (0.0811 is not cut to 0.081).
 */
export function formatNumber(value: number, property: PropertySchema | undefined): string {
  const step = typeof property?.multipleOf === 'number' ? property.multipleOf : undefined;
  const decimals = property?.type === 'integer' ? 0 : step !== undefined ? decimalsOf(step) : undefined;
  return decimals !== undefined
    ? value.toLocaleString(undefined, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    : value.toLocaleString(undefined, { maximumFractionDigits: 10 });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A value as text: enum labels, yes or no, local date-times (YYYY-MM-DD HH:mm:ss), numbers with their step's decimals or as they are. */
export function displayValue(t: Translate, descriptor: ResourceDescriptor, field: string, property: PropertySchema | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (property?.enum) return t(enumLabelKey(descriptor.entity, field, value));
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'number' && typeof property?.multipleOf === 'number') return formatNumber(value, property);
  if (property?.format === 'date-time' && typeof value === 'string') {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return value;
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }
  return String(value);
}

/** Server field errors in RJSF's extraErrors shape. */
export function extraErrorsOf(errors: Record<string, string | string[]> | undefined) {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { __errors: Array.isArray(message) ? message : [message] }]));
}
