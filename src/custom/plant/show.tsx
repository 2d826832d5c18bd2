// One plant (001 "Plant detail tabs"): overview with its achievements, devices, their stored data, its data views
// (sub-groups of devices), alarms, reports, sharing and settings (edit, delete, owner and installer changes). The
// tab is kept in ?tab=.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Result, Space, Spin, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { zoneLabel } from '@/lib/date-time';
import { OverviewTab } from './components/overview-tab';
import { DevicesTab } from './components/devices-tab';
import { DeviceDataTab } from './device-data/device-data-tab';
import { DataViewsTab } from './data-views/data-views-tab';
import { AlarmsTab } from './components/alarms-tab';
import { ReportsTab } from './components/reports-tab';
import { SharingTab } from './components/sharing-tab';
import { SettingsTab } from './components/settings-tab';
import { PlantSwitcher } from './components/plant-switcher';
import { PLANT_PAGE } from './paths';
import { usePlantAccess } from './plant-access';
import { useTabLabel } from '@/custom/shell/layout/tab-labels';
import { tabKeyOf } from '@/custom/shell/routes/multi-tab';

export type Plant = DataOf<'getOnePlantInfo'>;

export function PlantShow({ plantUid }: { plantUid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [plant, setPlant] = useState<Plant>();
  const [error, setError] = useState<string>();

  const load = useCallback(() => {
    call('getOnePlantInfo', { query: { plantUid }, silent: true }).then(setPlant, (failure: unknown) =>
      setError(failure instanceof ApiError ? errorText(t, failure) : t('errors.unknown')));
  }, [plantUid, t]);
  useEffect(load, [load]);

  if (error) return <Result status="warning" title={error} extra={<Button onClick={() => navigate(PLANT_PAGE)}>{t('plant.backToList')}</Button>} />;
  if (!plant) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  return <PlantTabs plant={plant} plantUid={plantUid} reload={load} />;
}

/** The plant's tabs, those the caller may use (a link to another opens the overview). */
function PlantTabs({ plant, plantUid, reload }: { plant: Plant; plantUid: string; reload(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const access = usePlantAccess(plant);
  // The plant's tab in the strip (a multi-tab route) carries its name.
  useTabLabel(tabKeyOf(PLANT_PAGE, `?plantUid=${encodeURIComponent(plantUid)}`), plant.plantName);
  // The plant's days and times are its zone's on every tab: named when the browser's clock differs.
  const zone = zoneLabel(plant.timeZone);
  const items = [
    { key: 'overview', label: t('plant.tabs.overview'), children: <OverviewTab plant={plant} /> },
    { key: 'devices', label: t('plant.tabs.devices'), children: <DevicesTab plantUid={plantUid} timeZone={plant.timeZone} /> },
    { key: 'data', label: t('plant.tabs.data'), children: <DeviceDataTab plantUid={plantUid} timeZone={plant.timeZone} /> },
    { key: 'views', label: t('plant.tabs.views'), children: <DataViewsTab plantUid={plantUid} timeZone={plant.timeZone} editable={access.edits} /> },
    ...(access.may('viewAlarms') ? [{ key: 'alarms', label: t('plant.tabs.alarms'), children: <AlarmsTab plantUid={plantUid} timeZone={plant.timeZone} /> }] : []),
    ...(access.may('viewReports') ? [{ key: 'reports', label: t('plant.tabs.reports'), children: <ReportsTab plantUid={plantUid} timeZone={plant.timeZone} /> }] : []),
    ...(access.manages ? [{ key: 'sharing', label: t('plant.tabs.sharing'), children: <SharingTab plantUid={plantUid} timeZone={plant.timeZone} /> }] : []),
    ...(access.manages || access.edits ? [{ key: 'settings', label: t('plant.tabs.settings'), children: <SettingsTab plant={plant} access={access} onChanged={reload} /> }] : []),
  ];
  const asked = params.get('tab');
  const tab = items.some((item) => item.key === asked) ? asked! : 'overview';
  return (
    <Card
      title={<Space><Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('plant.backToList')} onClick={() => navigate(PLANT_PAGE)} />{plant.plantLogoUrl && <img src={plant.plantLogoUrl} alt="" height={28} style={{ borderRadius: 4 }} />}<span data-testid="plant-title">{plant.plantName}</span>{zone && <Typography.Text type="secondary" data-testid="plant-zone">{t('plant.zoneNote', { zone })}</Typography.Text>}</Space>}
      extra={<PlantSwitcher plantUid={plantUid} plantName={plant.plantName} />}
    >
      <Tabs
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setParams((p) => {
          p.set('tab', key);
          return p;
        })}
        items={items}
      />
    </Card>
  );
}
