import type { BaseRecord } from '@refinedev/core';
import type { TableColumnsType } from 'antd';
import type { EntitySchema, ResourceDescriptor } from '../types';
import { displayValue, fieldLabel, type Translate } from '../schema-utils';

/** Table columns of the descriptor's list, labelled and formatted from the entity schema. */
export function schemaColumns(t: Translate, descriptor: ResourceDescriptor, entity: EntitySchema): TableColumnsType<BaseRecord> {
  return descriptor.list.columns.map((field) => {
    const property = entity.properties[field];
    const numeric = property?.type === 'number' || property?.type === 'integer';
    return {
      key: field,
      dataIndex: field,
      title: fieldLabel(t, descriptor, field, property),
      align: numeric ? 'right' : 'left',
      render: (value: unknown) => displayValue(t, descriptor, field, property, value),
    };
  });
}
