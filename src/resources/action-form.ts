// The form of an action's dialog: the action's own small schema (a cancellation's reason, a
// carrier and a tracking number), or the entity's fields it names (where a transfer goes). The
// dialog renders it and the build precompiles its validator from the same function.
import type { EntitySchema, ResourceDescriptor, RowAction } from './types';

/** Whether the action asks for input in a dialog instead of a confirmation. */
export const asksInput = (action: RowAction) => Boolean(action.fields?.length || action.schema);

export function dialogForm(descriptor: ResourceDescriptor, action: RowAction, entity: EntitySchema): { descriptor: ResourceDescriptor; entity: EntitySchema } {
  const own = action.schema;
  const formEntity: EntitySchema = own ? { type: 'object', required: own.required ?? [], properties: own.properties, ...(own.allOf ? { allOf: own.allOf } : {}) } : entity;
  const fields = own ? Object.keys(own.properties) : action.fields ?? [];
  return { descriptor: { ...descriptor, form: { fields, uiSchema: action.uiSchema ?? {} } }, entity: formEntity };
}
