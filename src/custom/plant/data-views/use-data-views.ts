// A plant's data views (getPlantDataViews). An edit answers the views as they are after it
// (editPlantDataViews); that answer stands in for the loaded one, so no second call is needed.
import { useCallback, useState } from 'react';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { useLoad, type Load } from '@/custom/monitoring/use-load';

export type DataViews = DataOf<'getPlantDataViews'>;
export type SubGroup = DataViews['subGroups'][number];

export function useDataViews(plantUid: string): { views: Load<DataViews>; changed: (next: DataViews) => void } {
  const fetcher = useCallback(() => call('getPlantDataViews', { query: { plantUid }, silent: true }), [plantUid]);
  const load = useLoad(fetcher);
  // Tied to its fetcher: after a switch to another plant (and back) an old answer never stands in.
  const [edited, setEdited] = useState<{ of: typeof fetcher; views: DataViews }>();
  const changed = useCallback((views: DataViews) => setEdited({ of: fetcher, views }), [fetcher]);
  return { views: edited?.of === fetcher ? { ...load, data: edited.views } : load, changed };
}
