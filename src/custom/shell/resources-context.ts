import { createContext, useContext } from 'react';
import type { ResourceProps } from '@refinedev/core';

/** Lets the shell hand Refine the resources it derived from the server menu. */
export const ResourcesContext = createContext<(resources: ResourceProps[]) => void>(() => undefined);
export const useSetResources = () => useContext(ResourcesContext);
