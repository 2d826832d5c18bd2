// Every resource declared in schemas/resources/. Descriptors are small and loaded with the app;
// entity schemas load with the screens that need them.
import type { EntitySchema, ResourceDescriptor } from './types';

const descriptors = import.meta.glob<ResourceDescriptor>('/schemas/resources/*.resource.json', { eager: true, import: 'default' });
const entities = import.meta.glob<EntitySchema>('/schemas/entities/*.schema.json', { import: 'default' });

const byName = new Map(Object.values(descriptors).map((d) => [d.name, d]));

export const resourceByName = (name: string): ResourceDescriptor | undefined => byName.get(name);
export const allResources = (): ResourceDescriptor[] => [...byName.values()];

export async function loadEntity(entity: string): Promise<EntitySchema> {
  const load = entities[`/schemas/entities/${entity}.schema.json`];
  if (!load) throw new Error(`no entity schema ${entity}`);
  return load();
}
