// The dashboard's scope: all plants the user sees (in the organisation chosen in the top bar), or
// one of them, searched by name. The list is getTopPlantList (pinned plants first), whose first
// row is also "the first plant" the weather card falls back to.
import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';

export type PlantRow = DataOf<'getTopPlantList'>['list'][number];
const CHOICES = 20;
const ALL = '';

/** The first page of the user's plants, searched by name; `total` counts every match. */
export function usePlantChoices(search: string) {
  const [result, setResult] = useState<{ list: PlantRow[]; total: number }>();
  useEffect(() => {
    let live = true;
    const query = { pageNo: 1, pageSize: CHOICES, ...(search.trim() ? { plantName: search.trim() } : {}) };
    call('getTopPlantList', { query, silent: true }).then(
      (page) => live && setResult({ list: page.list, total: page.total }),
      () => live && setResult({ list: [], total: 0 }),
    );
    return () => {
      live = false;
    };
  }, [search]);
  return result;
}

export function ScopeSelect({ value, onChange }: { value?: PlantRow; onChange: (plant: PlantRow | undefined) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const choices = usePlantChoices(search)?.list ?? [];
  // The chosen plant stays an option while a search lists others.
  const plants = value && !choices.some((p) => p.plantUid === value.plantUid) ? [value, ...choices] : choices;
  return (
    <Select
      showSearch
      filterOption={false}
      value={value?.plantUid ?? ALL}
      onSearch={setSearch}
      onChange={(uid: string) => {
        onChange(uid === ALL ? undefined : plants.find((p) => p.plantUid === uid));
        setSearch('');
      }}
      style={{ minWidth: 260 }}
      aria-label={t('home.scope.label')}
      options={[{ value: ALL, label: t('home.scope.all') }, ...plants.map((p) => ({ value: p.plantUid!, label: p.plantName }))]}
      data-testid="home-scope"
    />
  );
}
