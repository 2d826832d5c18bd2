// The shape of schemas/resources/*.resource.json (validated by schemas/resource.schema.json).
import type { OperationId } from '@/api/generated/operations';

export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export';

export interface ResourceDescriptor {
  name: string;
  entity: string;
  idField: string;
  idParam?: string;
  labelField?: string;
  operations: {
    list: OperationId;
    getOne?: { operation: OperationId; idParam: string };
    create?: OperationId;
    update?: OperationId;
    delete?: OperationId;
    /** Answers the list as a file for the same filters. */
    export?: OperationId;
  };
  permissions: Partial<Record<ResourceAction, string>>;
  list: {
    columns: string[];
    filters?: { field: string; param?: string; label?: string }[];
    parentParam?: string;
    /** false: the operation answers every row at once; the screen pages in the browser. */
    paged?: boolean;
  };
  form?: { fields?: string[]; uiSchema?: Record<string, unknown> };
  create?: { resultDialog?: { fields: string[]; notice?: string } };
  show?: { fields?: string[]; children?: { resource: string; foreignKey: string }[] };
}

/** A JSON Schema as the entity files write it (2020-12, objects of scalar properties). */
export interface EntitySchema {
  title?: string;
  description?: string;
  type: 'object';
  required?: string[];
  properties: Record<string, PropertySchema>;
}

export interface PropertySchema {
  type?: string | string[];
  title?: string;
  description?: string;
  enum?: (string | number)[];
  format?: string;
  readOnly?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  [keyword: string]: unknown;
}
