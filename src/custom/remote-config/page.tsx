// The remote configuration page (001 page area "monitor ... remote config"; issue 23): choose a
// plant and one of its devices, read its settings from the device, change one with a confirmation
// and see the device's answer; the device's change log below. Every call is a round trip to the
// device over MQTT (docs/device-commands.md).
import { useCallback, useState } from 'react';
import { Card, Empty, Select, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { useLoad } from '@/custom/monitoring/use-load';
import { usePlantSearch } from '@/custom/plant/use-plant-search';
import { SafetyPanel } from './components/safety-panel';
import { SettingLog } from './components/setting-log';
import { SwitchPanel } from './components/switch-panel';

export default function RemoteConfigPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [plantUid, setPlantUid] = useState<string>();
  const [deviceSn, setDeviceSn] = useState<string>();
  const [version, setVersion] = useState(0);
  const plants = usePlantSearch(search);
  const devices = useLoad(useCallback(() => (plantUid ? call('getPlantSiteLayoutData', { query: { plantUid }, silent: true }) : Promise.resolve(undefined)), [plantUid]));
  const device = devices.data?.devices.find((d) => d.deviceSn === deviceSn);
  const changed = () => setVersion((v) => v + 1);

  return (
    <Card title={t('remoteConfig.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select showSearch filterOption={false} onSearch={setSearch} value={plantUid} placeholder={t('remoteConfig.choosePlant')} style={{ minWidth: 260 }}
          aria-label={t('remoteConfig.plant')} data-testid="remote-plant"
          onChange={(uid: string) => {
            setPlantUid(uid);
            setDeviceSn(undefined);
          }}
          options={plants.map((p) => ({ value: p.plantUid!, label: p.plantName }))} />
        <Select value={deviceSn} onChange={setDeviceSn} placeholder={t('remoteConfig.chooseDevice')} style={{ minWidth: 320 }} disabled={!plantUid}
          loading={devices.loading} aria-label={t('remoteConfig.device')} data-testid="remote-device"
          options={(devices.data?.devices ?? []).map((d) => ({ value: d.deviceSn, label: `${d.alias ? `${d.alias} · ` : ''}${d.deviceSn} (${t(`scannedDevice.enums.snType.${d.deviceType}`)})` }))} />
      </Space>
      {!device ? <Empty description={t('remoteConfig.noDevice')} /> : (
        <>
          <Tabs key={device.deviceSn} items={[
            ...(device.deviceType === 1 ? [{ key: 'safety', label: t('remoteConfig.tabs.safety'), children: <SafetyPanel deviceSn={device.deviceSn} onChanged={changed} /> }] : []),
            { key: 'switches', label: t('remoteConfig.tabs.switches'), children: <SwitchPanel deviceSn={device.deviceSn} energyManager={device.deviceType === 3 || device.deviceType === 7} onChanged={changed} /> },
          ]} />
          {/* Keyed by the changes made here: each one reloads the log. */}
          <SettingLog key={`${device.deviceSn}:${version}`} deviceSn={device.deviceSn} />
        </>
      )}
    </Card>
  );
}
