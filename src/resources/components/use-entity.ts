import { useEffect, useState } from 'react';
import { loadEntity, resourceByName } from '../registry';
import type { EntitySchema, ResourceDescriptor } from '../types';

/** An entity schema (schemas/entities/<name>.schema.json), once loaded. */
export function useEntitySchema(name: string): EntitySchema | undefined {
  const [entity, setEntity] = useState<EntitySchema>();
  useEffect(() => {
    let live = true;
    void loadEntity(name).then((e) => live && setEntity(e));
    return () => {
      live = false;
    };
  }, [name]);
  return entity;
}

/** The descriptor of a resource and, once loaded, its entity schema. */
export function useEntity(resource: string): { descriptor: ResourceDescriptor; entity: EntitySchema | undefined } {
  const descriptor = resourceByName(resource);
  if (!descriptor) throw new Error(`unknown resource ${resource}`);
  return { descriptor, entity: useEntitySchema(descriptor.entity) };
}
