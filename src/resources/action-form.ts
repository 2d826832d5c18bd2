// The form of an action's dialog: the entity's fields it names (where a transfer goes), the
// action's own small schema (a cancellation's reason, a carrier and a tracking number), or both
// (a coupon's terms from the coupon entity and the recipients of the action's own). `entity`
// takes the fields from another entity than the list's (giving coupons from the list of the
// coupons users hold). The dialog renders it and the build precompiles its validator from the
// same function.
import type { EntitySchema, ResourceDescriptor, RowAction } from './types';

/** Whether the action asks for input in a dialog instead of a confirmation. */
export const asksInput = (action: RowAction) => Boolean(action.fields?.length || action.schema);

/** The entity whose fields the action's dialog names: its own `entity`, else the list's. */
export const actionEntityName = (descriptor: ResourceDescriptor, action: RowAction) => action.entity ?? descriptor.entity;

/** `entity` is the schema of actionEntityName. */
export function dialogForm(descriptor: ResourceDescriptor, action: RowAction, entity: EntitySchema): { descriptor: ResourceDescriptor; entity: EntitySchema } {
  const own = action.schema;
  const named = action.fields ?? [];
  const fields = [...named, ...Object.keys(own?.properties ?? {})];
  const formDescriptor = { ...descriptor, entity: actionEntityName(descriptor, action), form: { fields, uiSchema: action.uiSchema ?? {} } };
  if (!own) return { descriptor: formDescriptor, entity };
  // Only the entity's fields the action names come with their conditions; its own schema's always.
  const base: EntitySchema = named.length ? entity : { type: 'object', properties: {} };
  const allOf = [...(base.allOf ?? []), ...(own.allOf ?? [])];
  const formEntity: EntitySchema = {
    ...base,
    properties: { ...base.properties, ...own.properties },
    required: [...new Set([...(base.required ?? []), ...(own.required ?? [])])],
    ...(allOf.length ? { allOf } : {}),
  };
  return { descriptor: formDescriptor, entity: formEntity };
}
