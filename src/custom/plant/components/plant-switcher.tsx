// The plant switcher of the detail page: the user's plants, pinned ones first (getTopPlantList),
// searched by name; choosing one opens it.
import { useState } from 'react';
import { Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { plantPath } from '../paths';
import { usePlantSearch, type PlantChoice } from '../use-plant-search';

export function PlantSwitcher({ plantUid, plantName }: { plantUid: string; plantName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const plants = usePlantSearch(search);
  const options = plants.some((p) => p.plantUid === plantUid) ? plants : [{ plantUid, plantName } as PlantChoice, ...plants];
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
