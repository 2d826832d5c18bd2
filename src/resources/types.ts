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
  menu?: { name: string; parent?: string; path: string; icon?: string; sort?: number; title?: string; permission?: string; hidden?: boolean };
  /** Row actions beyond show, edit and delete, each an operation called with the row's id. */
  actions?: RowAction[];
  list: {
    columns: (string | ColumnSpec)[];
    filters?: { field: string; param?: string; label?: string }[];
    parentParam?: string;
    /** false: the operation answers every row at once; the screen pages in the browser. */
    paged?: boolean;
  };
  form?: { fields?: string[]; defaults?: Record<string, unknown>; uiSchema?: Record<string, unknown>; dependencies?: Record<string, unknown>; allOf?: Record<string, unknown>[] };
  create?: { resultDialog?: { fields: string[]; notice?: string } };
  show?: { fields?: string[]; children?: { resource: string; foreignKey: string }[] };
}

export type ColumnRender = 'text' | 'tag' | 'badge' | 'date' | 'datetime' | 'number' | 'money' | 'image' | 'link';

export interface ColumnSpec {
  field: string;
  render?: ColumnRender;
  /** tag: antd colour per value; badge: status (success, processing, error, warning, default) per value. */
  colors?: Record<string, string>;
  unit?: string;
  link?: { resource: string; idField?: string };
  align?: 'left' | 'center' | 'right';
  width?: number;
  ellipsis?: boolean;
  fixed?: 'left' | 'right';
  sorter?: boolean;
  hidden?: boolean;
}

export interface RowAction {
  name: string;
  operation: OperationId;
  permission: string;
  idParam?: string;
  /** Fixed request fields sent with the id. */
  values?: Record<string, unknown>;
  confirm?: boolean;
  danger?: boolean;
  when?: { field: string; in: unknown[] };
  /** Also offered over the selected rows. */
  bulk?: boolean;
  /** Entity fields asked in a dialog before the call (instead of the confirmation), sent with the id. */
  fields?: string[];
  uiSchema?: Record<string, unknown>;
  /** With bulk: the selected ids go comma-joined in this field, in one call that succeeds or fails as a whole. */
  bulkParam?: string;
}

/** A JSON Schema as the entity files write it (2020-12, objects of scalar properties). */
export interface EntitySchema {
  title?: string;
  description?: string;
  type: 'object';
  required?: string[];
  properties: Record<string, PropertySchema>;
  dependencies?: Record<string, unknown>;
  allOf?: Record<string, unknown>[];
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
