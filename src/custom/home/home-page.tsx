// The home dashboard (/index, 001 "Monitoring"): statistics of the plants, power, energy,
// batteries and devices of every plant the user sees, or of one plant chosen at the top; the
// weather at that plant or the first one; and the alarm summary. Each card loads on its own and
// shows its own loading, empty and not-yet states, so a slow or missing call blanks one card only.
import { useCallback, useEffect, useState } from 'react';
import { Col, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { currentLoginInfo, type LoginInfo } from '@/providers/session';
import { useLoad } from '@/custom/monitoring/use-load';
import { todayIn } from '@/custom/monitoring/period';
import { EnergyCard } from '@/custom/monitoring/energy-card';
import { PlantsCard } from './cards/plants-card';
import { PowerCard } from './cards/power-card';
import { BatteryCard } from './cards/battery-card';
import { DevicesCard } from './cards/devices-card';
import { AlarmsCard } from './cards/alarms-card';
import { WeatherCard } from './cards/weather-card';
import { ScopeSelect, usePlantChoices, type PlantRow } from './scope-select';

export default function HomePage() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<LoginInfo>();
  const [chosen, setChosen] = useState<PlantRow>();
  const first = usePlantChoices('');
  useEffect(() => {
    void currentLoginInfo().then(setInfo);
  }, []);

  const weatherPlant = chosen ?? (first ? first.list[0] ?? null : undefined);
  const plantUid = chosen?.plantUid;
  // One call for the plants card and the power card's "now".
  const plants = useLoad(useCallback(() => call('getHomePlantStatisticsData', { query: plantUid ? { plantUid } : {}, silent: true }), [plantUid]));
  // A chosen plant's periods follow its time zone; all plants together follow the browser's.
  const today = todayIn(chosen?.timeZone);
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>{info ? t('home.welcome', { name: info.userInfo.nickname }) : t('home.title')}</Typography.Title>
        <ScopeSelect value={chosen} onChange={setChosen} />
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}><PlantsCard load={plants} /></Col>
        <Col xs={24} xl={16}><PowerCard key={`power-${plantUid}`} plantUid={plantUid} today={today} currentPower={plants.loading ? undefined : plants.data?.currentPower} /></Col>
        <Col span={24}>
          <EnergyCard key={`energy-${plantUid}`} plantUid={plantUid} today={today} />
        </Col>
        <Col xs={24} md={12} xl={6}><BatteryCard plantUid={plantUid} today={today} /></Col>
        <Col xs={24} md={12} xl={6}><DevicesCard plantUid={plantUid} /></Col>
        <Col xs={24} md={12} xl={6}><AlarmsCard plantUid={plantUid} /></Col>
        <Col xs={24} md={12} xl={6}>
          <WeatherCard plant={weatherPlant && { plantUid: weatherPlant.plantUid!, plantName: weatherPlant.plantName, timeZone: weatherPlant.timeZone }} />
        </Col>
      </Row>
    </>
  );
}
