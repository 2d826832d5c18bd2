// The shape of schemas/resources/*.resource.json (validated by schemas/resource.schema.json).
import type { OperationId } from '@/api/generated/operations';

export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export';

export interface ResourceDescriptor {
  name: string;
  entity: string;
  idField: string;
  idParam?: string;
  labelField?: string;
  /** Nothing is created, edited or deleted here, whatever the contract offers (a log, a ledger). */
  readOnly?: boolean;
  /** The rows that offer the built-in Edit button (a record the server would refuse to change offers none). */
  editWhen?: ActionCondition;
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
    filters?: ListFilter[];
    parentParam?: string;
    /** false: the operation answers every row at once; the screen pages in the browser. */
    paged?: boolean;
    /** Figures above the list for its current filters (coupons given, used, expired). */
    summary?: ListSummary;
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
  /** Sorting: in the browser for unpaged lists, else by the list operation's sortField/sortOrder. */
  sorter?: boolean;
  hidden?: boolean;
}

export interface ListSummary {
  /** Answers one object of figures for the list's filters. */
  operation: OperationId;
  /** Filter parameters the operation does not take. */
  omit?: string[];
  figures: { field: string; label: string; suffix?: string }[];
}

export interface ListFilter {
  field: string;
  /** Query parameter of the list operation (default: field). */
  param?: string;
  /** i18n key of the label (default: the field's title). */
  label?: string;
  /** A span of days sent as two query parameters: the first and the last day (YYYY-MM-DD). */
  range?: { from: string; to: string };
  /** The value chosen from another list's rows, as the reference widget does. */
  reference?: { operation: string; valueField: string; labelField: string; searchParam?: string };
}

/** Which rows an action applies to: those whose field holds one of the values, and not the caller's own. */
export interface ActionCondition {
  field?: string;
  in?: unknown[];
  /** The row's field holding a user id: the action is not offered on the caller's own row. */
  notSelf?: string;
}

/** A small form of the action's own (a reason, a carrier and a tracking number). */
export interface ActionSchema {
  required?: string[];
  properties: Record<string, PropertySchema>;
  allOf?: Record<string, unknown>[];
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
  when?: ActionCondition;
  /** A button above the list, called without a row. */
  toolbar?: boolean;
  /** The dialog's own fields, when the entity has none for it; titles are i18n keys. */
  schema?: ActionSchema;
  /** Also offered over the selected rows. */
  bulk?: boolean;
  /** Entity fields asked in a dialog before the call (instead of the confirmation), sent with the id. */
  fields?: string[];
  /** The entity `fields` come from, when not the list's (schemas/entities/<entity>.schema.json). */
  entity?: string;
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
