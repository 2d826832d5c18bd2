// The tile server the map draws from (getMapKey, the server's MAP_TILE_URL): asked once a session.
import { useQuery } from '@tanstack/react-query';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export type MapTiles = DataOf<'getMapKey'>;

export function useMapTiles() {
  return useQuery({ queryKey: ['getMapKey'], queryFn: () => call('getMapKey'), staleTime: Infinity, retry: false });
}
