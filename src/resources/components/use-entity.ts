import { useEffect, useState } from 'react';
import { loadEntity, resourceByName } from '../registry';
import type { EntitySchema, ResourceDescriptor } from '../types';

/** The descriptor of a resource and, once loaded, its entity schema. */
export function useEntity(resource: string): { descriptor: ResourceDescriptor; entity: EntitySchema | undefined } {
  const descriptor = resourceByName(resource);
  if (!descriptor) throw new Error(`unknown resource ${resource}`);
  const [entity, setEntity] = useState<EntitySchema>();
  useEffect(() => {
    let live = true;
    void loadEntity(descriptor.entity).then((e) => live && setEntity(e));
    return () => {
      live = false;
    };
  }, [descriptor.entity]);
  return { descriptor, entity };
}
