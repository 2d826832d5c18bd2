// The list's filters, one input per declared filter field, typed by its schema.
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudFilter } from '@refinedev/core';
import type { EntitySchema, ResourceDescriptor } from '../types';
import { enumOptions, fieldLabel } from '../schema-utils';

export function FilterBar({ descriptor, entity, onSearch }: { descriptor: ResourceDescriptor; entity: EntitySchema; onSearch(filters: CrudFilter[]): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const filters = descriptor.list.filters ?? [];
  if (!filters.length) return null;

  const submit = (values: Record<string, unknown>) =>
    onSearch(filters.map((f) => ({ field: f.field, operator: 'eq', value: values[f.field] === '' ? undefined : values[f.field] })));

  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ marginBottom: 16, rowGap: 8 }} data-testid="filter-bar">
      {filters.map(({ field, label: labelKey }) => {
        const property = entity.properties[field];
        const label = labelKey ? t(labelKey) : fieldLabel(t, descriptor, field, property);
        const input = property?.enum
          ? <Select allowClear placeholder={label} style={{ minWidth: 160 }} options={enumOptions(t, descriptor, field, property)} />
          : property?.type === 'number' || property?.type === 'integer'
            ? <InputNumber placeholder={label} />
            : <Input allowClear placeholder={label} maxLength={property?.maxLength} />;
        return <Form.Item key={field} name={field} label={label}>{input}</Form.Item>;
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('common.search')}</Button>
          <Button onClick={() => { form.resetFields(); onSearch(filters.map((f) => ({ field: f.field, operator: 'eq', value: undefined }))); }}>
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
