// The home dashboard (/index, 001 "Monitoring"): statistics of the plants, power, energy,
// batteries and devices of every plant the user sees, or of one plant chosen at the top; the
// weather at that plant or the user's first own one; and the alarm summary. Days are the plants'
// days: one plant's zone, or the zone all the plants in scope share (home-scope.ts); over plants in
// several zones every card counts each plant's own today, summed (the server's rule for the
// caller's current period), and day curves add the plants up by their local clock time. Each card
// loads on its own and shows its own loading, empty and not-yet states, so a slow or missing call
// blanks one card only.
import { useCallback, useEffect, useState } from 'react';
import { Col, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { currentLoginInfo, type LoginInfo } from '@/providers/session';
import { useLoad } from '@/custom/monitoring/use-load';
import { formatDate, todayIn, withZone } from '@/lib/date-time';
import { EnergyCard } from '@/custom/monitoring/energy-card';
import { PlantsCard } from './cards/plants-card';
import { PowerCard } from './cards/power-card';
import { BatteryCard } from './cards/battery-card';
import { DevicesCard } from './cards/devices-card';
import { AlarmsCard } from './cards/alarms-card';
import { WeatherCard } from './cards/weather-card';
import { LazyContent } from '@/custom/shell/widgets/lazy-content';
import { ScopeSelect, usePlantChoices, type PlantRow } from './scope-select';
import { dashboardZone, weatherPlantOf } from './home-scope';

export default function HomePage() {
  const { t, i18n } = useTranslation();
  const [info, setInfo] = useState<LoginInfo>();
  const [chosen, setChosen] = useState<PlantRow>();
  const first = usePlantChoices('');
  useEffect(() => {
    void currentLoginInfo().then(setInfo);
  }, []);

  const weatherPlant = chosen ?? (first && info ? weatherPlantOf(first.list, info.userInfo.userId) ?? null : undefined);
  const plantUid = chosen?.plantUid;
  // One call for the plants card and the power card's "now".
  const plants = useLoad(useCallback(() => call('getHomePlantStatisticsData', { query: plantUid ? { plantUid } : {}, silent: true }), [plantUid]));
  // A chosen plant's periods follow its time zone, several plants the zone they share; plants
  // across zones each count their own today, which the server reads from the user's own date.
  const zone = dashboardZone(chosen, first?.list, first?.total);
  const today = todayIn(zone);
  const ready = chosen !== undefined || first !== undefined;
  const eachOwnDay = ready && !zone && !chosen;
  const shownDate = formatDate(`${today}T12:00:00Z`, { lang: i18n.language, timeZone: 'UTC' });
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>{info ? t('home.welcome', { name: info.userInfo.nickname }) : t('home.title')}</Typography.Title>
        <Space wrap>
          {ready && (
            <Typography.Text type="secondary" data-testid="home-today" data-date={today}>
              {eachOwnDay ? t('home.todayEachPlant', { date: shownDate }) : withZone(t('home.today', { date: shownDate }), zone)}
            </Typography.Text>
          )}
          <ScopeSelect value={chosen} onChange={setChosen} />
        </Space>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}><PlantsCard load={plants} /></Col>
        {/* Keyed by the day: a zone learnt after the first render restarts the cards on its today. */}
        <Col xs={24} xl={16}><PowerCard key={`power-${plantUid}-${today}`} plantUid={plantUid} today={today} localClocks={eachOwnDay} currentPower={plants.loading ? undefined : plants.data?.currentPower} /></Col>
        <Col span={24}>
          <EnergyCard key={`energy-${plantUid}-${today}`} plantUid={plantUid} today={today} />
        </Col>
        {/* Below the fold: each card loads when it comes near the screen. */}
        <Col xs={24} md={12} xl={6}><LazyContent><BatteryCard plantUid={plantUid} today={today} /></LazyContent></Col>
        <Col xs={24} md={12} xl={6}><LazyContent><DevicesCard plantUid={plantUid} /></LazyContent></Col>
        <Col xs={24} md={12} xl={6}><LazyContent><AlarmsCard plantUid={plantUid} /></LazyContent></Col>
        <Col xs={24} md={12} xl={6}>
          <LazyContent>
            <WeatherCard plant={weatherPlant && { plantUid: weatherPlant.plantUid!, plantName: weatherPlant.plantName, timeZone: weatherPlant.timeZone }} />
          </LazyContent>
        </Col>
      </Row>
    </>
  );
}
