// Turns an entity schema and a resource descriptor into what the screens render: translated
// titles, enum labels, the form's schema and plain-text values. Titles in entity schemas are
// i18n keys (<resource>.fields.<field>); enum labels are <resource>.enums.<field>.<value>.
import type { EntitySchema, PropertySchema, ResourceDescriptor } from './types';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const enumLabelKey = (resource: string, field: string, value: unknown) => `${resource}.enums.${field}.${String(value)}`;

export function fieldLabel(t: Translate, descriptor: ResourceDescriptor, field: string, property?: PropertySchema): string {
  return t(property?.title ?? `${descriptor.name}.fields.${field}`);
}

export function enumOptions(t: Translate, descriptor: ResourceDescriptor, field: string, property: PropertySchema) {
  return (property.enum ?? []).map((value) => ({ value, label: t(enumLabelKey(descriptor.name, field, value)) }));
}

/** The schema RJSF renders: the form's fields only, writable ones, titles translated, enums labelled. */
export function formSchema(t: Translate, descriptor: ResourceDescriptor, entity: EntitySchema): Record<string, unknown> {
  const fields = descriptor.form?.fields ?? Object.keys(entity.properties);
  const properties: Record<string, unknown> = {};
  for (const field of fields) {
    const property = entity.properties[field];
    if (!property || property.readOnly) continue;
    const { title: _title, description: _description, enum: values, ...rest } = property;
    properties[field] = values
      ? { ...rest, title: fieldLabel(t, descriptor, field, property), oneOf: enumOptions(t, descriptor, field, property).map((o) => ({ const: o.value, title: o.label })) }
      : { ...rest, title: fieldLabel(t, descriptor, field, property) };
  }
  return {
    type: 'object',
    required: (entity.required ?? []).filter((f) => f in properties),
    properties,
  };
}

/** Only the fields the form edits, so that read-only values are never sent back. */
export function formData(descriptor: ResourceDescriptor, entity: EntitySchema, record: Record<string, unknown> | undefined) {
  if (!record) return {};
  const schema = formSchema((k) => k, descriptor, entity);
  return Object.fromEntries(Object.keys(schema.properties as object).filter((f) => record[f] !== undefined && record[f] !== null).map((f) => [f, record[f]]));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A value as text: enum labels, local date-times (YYYY-MM-DD HH:mm:ss), numbers as they are. */
export function displayValue(t: Translate, descriptor: ResourceDescriptor, field: string, property: PropertySchema | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (property?.enum) return t(enumLabelKey(descriptor.name, field, value));
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
