// The battery detail (fixed route /battery/detail): a plant's batteries (?plantUid=) or one
// battery device (?deviceSn=). The plant, when named, gives the title and the time zone its days
// follow; a device without its plant follows the browser's calendar.
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Result, Space, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import { errorText } from '@/lib/error-text';
import { useLoad } from '@/custom/monitoring/use-load';
import { todayIn } from '@/custom/monitoring/period';
import { BATTERY_LIST } from './paths';
import { PlantBatteryView } from './plant-battery-view';
import { DeviceBatteryView } from './device-battery-view';

export default function BatteryDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plantUid = params.get('plantUid') ?? undefined;
  const deviceSn = params.get('deviceSn') ?? undefined;
  const plant = useLoad(useCallback(() => (plantUid ? call('getOnePlantInfo', { query: { plantUid }, silent: true }) : Promise.resolve(undefined)), [plantUid]));
  const back = <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('battery.detail.back')} onClick={() => navigate(BATTERY_LIST)} />;

  if (!plantUid && !deviceSn) {
    return <Result status="info" title={t('battery.detail.none')} extra={<Button onClick={() => navigate(BATTERY_LIST)}>{t('battery.detail.back')}</Button>} />;
  }
  if (plant.error !== undefined) {
    const message = plant.error instanceof ApiError ? errorText(t, plant.error) : t('errors.unknown');
    return <Card title={back}><Alert type="warning" showIcon message={message} data-testid="battery-detail-error" /></Card>;
  }
  if (plant.loading) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  const today = todayIn(plant.data?.timeZone);
  const title = [plant.data?.plantName, deviceSn].filter(Boolean).join(' · ');
  return (
    <Card title={<Space>{back}<span data-testid="battery-detail-title">{t('battery.titles.detail', { name: title })}</span></Space>}>
      {deviceSn
        ? <DeviceBatteryView deviceSn={deviceSn} timeZone={plant.data?.timeZone} today={today} />
        : <PlantBatteryView plantUid={plantUid!} today={today} />}
    </Card>
  );
}
