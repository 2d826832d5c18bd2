// The "now" of a battery or a plant's batteries: the picture of its level band, the state of
// charge, the power without its sign and the direction the sign gives.
import { Space, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPower } from '@/lib/units';
import { BatteryPicture } from './battery-picture';
import { STATE_COLOURS, type BatteriesState } from './battery-state';
import { formatSoc } from './level-band';

export function BatteryNow({ soc, power, state, extra }: { soc: number | null; power: number | null; state: BatteriesState; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Space size="large" align="center" wrap data-testid="battery-now">
      <BatteryPicture soc={soc} size={72} testId="battery-now-picture" />
      <Statistic title={t('battery.fields.soc')} value={formatSoc(soc)} data-testid="battery-now-soc" />
      <Statistic title={t('battery.fields.power')} value={power === null ? '–' : formatPower(Math.abs(power))} data-testid="battery-now-power" />
      <div>
        <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>{t('battery.fields.state')}</div>
        <Tag color={STATE_COLOURS[state]} data-testid="battery-now-state">{t(`battery.states.${state}`)}</Tag>
      </div>
      {extra}
    </Space>
  );
}
