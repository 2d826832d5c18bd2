// The list's filters, one input per declared filter field, typed by its schema: an enum or a
// yes/no field as a select (cleared: any), a number as a number, a `range` as a span of days sent
// as two parameters, a `reference` as a choice among another list's rows, anything else as text.
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudFilter } from '@refinedev/core';
import type { WidgetProps } from '@rjsf/utils';
import type { EntitySchema, ListFilter, ResourceDescriptor } from '../types';
import { enumOptions, fieldLabel, type Translate } from '../schema-utils';
import { ReferenceWidget } from '../widgets/reference-widget';

const DAY = 'YYYY-MM-DD';

interface FilterInputProps {
  t: Translate; descriptor: ResourceDescriptor; entity: EntitySchema; filter: ListFilter; label: string;
  /** What Form.Item hands its control (id, value, onChange), passed on to the input. */
  [control: string]: unknown;
}

function FilterInput({ t, descriptor, entity, filter, label, ...control }: FilterInputProps) {
  const property = entity.properties[filter.field];
  if (filter.range) return <DatePicker.RangePicker {...control} allowEmpty={[true, true]} data-testid={`filter-range-${filter.field}`} />;
  if (filter.reference) {
    const { id, value, onChange } = control as { id: string; value: unknown; onChange(value: unknown): void };
    return <div style={{ minWidth: 180 }}><ReferenceWidget {...referenceFilterProps(id, value, onChange, filter.reference)} /></div>;
  }
  if (property?.enum) return <Select {...control} allowClear placeholder={t('resource.any')} style={{ minWidth: 160 }} options={enumOptions(t, descriptor, filter.field, property)} />;
  if (property?.type === 'boolean') {
    return <Select {...control} allowClear placeholder={t('resource.any')} style={{ minWidth: 120 }} data-testid={`filter-boolean-${filter.field}`}
      options={[{ value: true, label: t('common.yes') }, { value: false, label: t('common.no') }]} />;
  }
  if (property?.type === 'number' || property?.type === 'integer') return <InputNumber {...control} placeholder={label} />;
  return <Input {...control} allowClear placeholder={label} maxLength={property?.maxLength} />;
}

/** The reference widget's props for a filter: an optional choice, nothing else of a form field. */
function referenceFilterProps(id: string, value: unknown, onChange: (value: unknown) => void, options: NonNullable<ListFilter['reference']>): WidgetProps {
  const noop = () => undefined;
  return {
    id, name: id, value, onChange, onBlur: noop, onFocus: noop, options: options as never, required: false, disabled: false, readonly: false,
    autofocus: false, label: '', schema: {}, registry: {} as never, rawErrors: [], hideError: true,
  } as WidgetProps;
}

/** A form value as the filter's value: a range as its two days, empty text as nothing. */
export function filterValue(filter: ListFilter, value: unknown): unknown {
  if (filter.range) {
    const [from, to] = Array.isArray(value) ? value as (Dayjs | null)[] : [];
    return from || to ? [from?.format(DAY), to?.format(DAY)] : undefined;
  }
  return value === '' ? undefined : value;
}

/** The filter's value back as the form shows it (the list keeps its filters in the address). */
function formValue(filter: ListFilter, value: unknown): unknown {
  if (!filter.range || !Array.isArray(value)) return value;
  return (value as (string | undefined)[]).map((day) => (day ? dayjs(day, DAY) : null));
}

export function FilterBar({ descriptor, entity, current = [], onSearch }: {
  descriptor: ResourceDescriptor; entity: EntitySchema; current?: CrudFilter[]; onSearch(filters: CrudFilter[]): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const filters = descriptor.list.filters ?? [];
  if (!filters.length) return null;

  const initial = Object.fromEntries(filters.map((f) => {
    const found = current.find((c) => 'field' in c && c.field === f.field);
    return [f.field, formValue(f, found?.value)];
  }));
  const submit = (values: Record<string, unknown>) =>
    onSearch(filters.map((f) => ({ field: f.field, operator: 'eq', value: filterValue(f, values[f.field]) })));

  return (
    <Form form={form} layout="inline" onFinish={submit} initialValues={initial} style={{ marginBottom: 16, rowGap: 8 }} data-testid="filter-bar">
      {filters.map((filter) => {
        const label = filter.label ? t(filter.label) : fieldLabel(t, descriptor, filter.field, entity.properties[filter.field]);
        return (
          <Form.Item key={filter.field} name={filter.field} label={label}>
            <FilterInput t={t} descriptor={descriptor} entity={entity} filter={filter} label={label} />
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('common.search')}</Button>
          <Button onClick={() => { form.setFieldsValue(Object.fromEntries(filters.map((f) => [f.field, undefined]))); onSearch(filters.map((f) => ({ field: f.field, operator: 'eq', value: undefined }))); }}>
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
