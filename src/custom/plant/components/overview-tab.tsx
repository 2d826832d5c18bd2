// The overview: the live energy flow beside the day's power curve, where the energy of a period
// went (the sankey) beside the site layout and PV topology, the energy of a period
// (getHomeEneryStatisticsData scoped to the plant), then the
// lifetime achievements (energy, income, CO2 avoided, coal saved, equivalent trees) and the
// plant's details with its logo and project picture.
import { useEffect, useState } from 'react';
import { Alert, Card, Col, Descriptions, Image, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { plantTypeLabel } from '@/lib/plant-rules';
import { formatCapacity, formatEnergy } from '@/lib/units';
import { EnergyCard } from '@/custom/monitoring/energy-card';
import { todayIn } from '@/custom/monitoring/period';
import type { Plant } from '../show';
import { LiveFlowCard } from '../flow/live-flow-card';
import { PlantPowerCard } from './plant-power-card';
import { SankeyCard } from './sankey-card';
import { SiteLayoutCard } from './site-layout-card';

type Achievements = DataOf<'getPlantAchievements'>;

export function OverviewTab({ plant }: { plant: Plant }) {
  const { t } = useTranslation();
  const [achievements, setAchievements] = useState<Achievements>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    call('getPlantAchievements', { query: { plantUid: plant.plantUid! }, silent: true }).then(setAchievements, (failure: unknown) =>
      setError(failure instanceof ApiError ? errorText(t, failure) : t('errors.unknown')));
  }, [plant.plantUid, t]);

  const item = (field: string, value: React.ReactNode) => <Descriptions.Item label={t(`plant.fields.${field}`)}>{value ?? '-'}</Descriptions.Item>;
  const picture = (field: 'plantLogo' | 'projectPic', url: string | undefined) => item(field, url
    ? <Image src={url} alt={t(`plant.fields.${field}`)} width={96} height={96} style={{ objectFit: 'cover' }} data-testid={`plant-${field}`} />
    : undefined);
  const plantUid = plant.plantUid!;
  // The plant's own calendar: its days and months follow its time zone, not the browser's.
  const today = todayIn(plant.timeZone);
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={12}><LiveFlowCard plantUid={plantUid} systemPower={plant.systemPower} timeZone={plant.timeZone} /></Col>
        <Col xs={24} xl={12}><PlantPowerCard plantUid={plantUid} timeZone={plant.timeZone} today={today} /></Col>
        <Col xs={24} xl={12}><SankeyCard plantUid={plantUid} today={today} /></Col>
        <Col xs={24} xl={12}><SiteLayoutCard plantUid={plantUid} /></Col>
        <Col span={24}>
          <EnergyCard plantUid={plantUid} today={today} />
        </Col>
      </Row>
      {error && <Alert type="warning" showIcon message={error} style={{ marginBottom: 16 }} />}
      {achievements && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="achievements">
          <Col xs={12} md={4}><Card size="small"><Statistic title={t('plant.achievements.runningDays')} value={achievements.runningDays} /></Card></Col>
          <Col xs={12} md={4}><Card size="small"><Statistic title={t('plant.achievements.totalEnergy')} value={formatEnergy(achievements.totalEnergy)} /></Card></Col>
          <Col xs={12} md={4}><Card size="small"><Statistic title={t('plant.achievements.totalIncome')} value={achievements.totalIncome} precision={2} suffix={achievements.currencyName} /></Card></Col>
          <Col xs={12} md={4}><Card size="small"><Statistic title={t('plant.achievements.co2Reduction')} value={achievements.co2Reduction} precision={3} suffix="t" /></Card></Col>
          <Col xs={12} md={4}><Card size="small"><Statistic title={t('plant.achievements.coalSaving')} value={achievements.coalSaving} precision={3} suffix="t" /></Card></Col>
          <Col xs={12} md={4}><Card size="small"><Statistic title={t('plant.achievements.treeEquivalent')} value={achievements.treeEquivalent} /></Card></Col>
        </Row>
      )}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="plant-details">
        {item('type', t(plantTypeLabel(plant.type)))}
        {item('status', plant.status === undefined ? undefined : t(`plant.enums.status.${plant.status}`))}
        {item('systemPower', formatCapacity(plant.systemPower))}
        {item('gridPrice', `${plant.gridPrice} ${plant.currencyName ?? ''}`)}
        {item('countryCode', plant.countryCode)}
        {item('timeZone', plant.timeZone)}
        {item('address', plant.address)}
        {item('latitude', plant.latitude)}
        {item('longitude', plant.longitude)}
        {item('ownerName', plant.ownerName)}
        {item('installerOfficeName', plant.installerOfficeName ?? plant.officeName)}
        {item('pointInviteCode', plant.pointInviteCode)}
        {picture('plantLogo', plant.plantLogoUrl)}
        {picture('projectPic', plant.projectPicUrl)}
      </Descriptions>
    </>
  );
}
