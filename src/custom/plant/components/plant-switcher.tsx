// The plant switcher of the detail page: the user's plants, pinned ones first (getTopPlantList),
// searched by name; choosing one opens it.
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { plantPath } from '../paths';

type Row = DataOf<'getTopPlantList'>['list'][number];
const SWITCHER_SIZE = 20;

export function PlantSwitcher({ plantUid, plantName }: { plantUid: string; plantName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [plants, setPlants] = useState<Row[]>([]);
  useEffect(() => {
    let live = true;
    const query = { pageNo: 1, pageSize: SWITCHER_SIZE, ...(search.trim() ? { plantName: search.trim() } : {}) };
    void call('getTopPlantList', { query, silent: true }).then((page) => live && setPlants(page.list), () => live && setPlants([]));
    return () => {
      live = false;
    };
  }, [search]);
  const options = plants.some((p) => p.plantUid === plantUid) ? plants : [{ plantUid, plantName } as Row, ...plants];
  return (
    <Select
      showSearch
      filterOption={false}
      value={plantUid}
      onSearch={setSearch}
      onChange={(uid: string) => navigate(plantPath(uid))}
      style={{ minWidth: 260 }}
      aria-label={t('plant.switchPlant')}
      options={options.map((p) => ({ value: p.plantUid!, label: p.plantName }))}
      data-testid="plant-switcher"
    />
  );
}
