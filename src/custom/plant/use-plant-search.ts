// The caller's plants for a plant picker: pinned ones first (getTopPlantList), the first page of
// those whose name holds `search`; an answer to an older search is dropped.
import { useEffect, useState } from 'react';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export type PlantChoice = DataOf<'getTopPlantList'>['list'][number];
const PICKER_SIZE = 20;

export function usePlantSearch(search: string): PlantChoice[] {
  const [plants, setPlants] = useState<PlantChoice[]>([]);
  useEffect(() => {
    let live = true;
    const query = { pageNo: 1, pageSize: PICKER_SIZE, ...(search.trim() ? { plantName: search.trim() } : {}) };
    void call('getTopPlantList', { query, silent: true }).then((page) => live && setPlants(page.list), () => live && setPlants([]));
    return () => {
      live = false;
    };
  }, [search]);
  return plants;
}
