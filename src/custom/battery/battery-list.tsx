// The battery list (fixed route /battery/index, "Battery2" in 000 section 2): the plants in scope,
// a page at a time (getPlantList, narrowed by the organisation of the top bar), each with its
// batteries' picture by level band, state of charge, power, state and today's energy
// (use-plant-batteries.ts: the contract answers batteries per plant, not one list of them), and,
// unfolded, the plant's battery devices. A plant or a device opens the battery detail.
import { useState } from 'react';
import { Alert, Card, Input, Spin, Table, Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { formatEnergy, formatPower } from '@/lib/units';
import { NotYet, isNotImplemented } from '@/custom/plant/components/not-yet';
import { usePage } from '@/custom/plant/components/use-page';
import { BatteryPicture } from './battery-picture';
import { BatteryDevices } from './battery-devices';
import { STATE_COLOURS, batteriesState } from './battery-state';
import { formatSoc } from './level-band';
import { batteryDetailPath } from './paths';
import { usePlantBatteries, type BatteryAnswer, type PlantBatteries } from './use-plant-batteries';

type Plant = DataOf<'getPlantList'>['list'][number];

export default function BatteryList() {
  const { t } = useTranslation();
  const [plantName, setPlantName] = useState('');
  const { page, loading, error, pagination } = usePage((q) => call('getPlantList', { query: q, silent: true }), plantName ? { plantName } : {});
  const answers = usePlantBatteries(page.list);
  const notYet = [...answers.values()].some((a) => 'error' in a && isNotImplemented(a.error));

  /** A cell of the plant's battery figures: waiting, failed, or the figure. */
  const figure = (plant: Plant, show: (d: PlantBatteries) => React.ReactNode) => {
    const answer: BatteryAnswer | undefined = answers.get(plant.plantUid!);
    if (!answer) return <Spin size="small" data-testid="battery-row-loading" />;
    if ('error' in answer) {
      if (isNotImplemented(answer.error)) return '–';
      const message = answer.error instanceof ApiError ? errorText(t, answer.error) : t('errors.unknown');
      return <Tooltip title={message}><WarningOutlined style={{ color: '#faad14' }} aria-label={message} data-testid="battery-row-error" /></Tooltip>;
    }
    return show(answer.data);
  };

  return (
    <Card title={t('battery.titles.list')} data-testid="battery-list"
      extra={<Input.Search allowClear placeholder={t('battery.list.search')} onSearch={(v) => setPlantName(v.trim())} style={{ width: 240 }} data-testid="battery-search" />}>
      {error !== undefined && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="battery-list-error"
          message={error instanceof ApiError ? errorText(t, error) : t('errors.unknown')} />
      )}
      {notYet && <NotYet text={t('battery.notYet')} testId="battery-list-not-yet" />}
      <Table<Plant> rowKey="plantUid" loading={loading} dataSource={page.list} pagination={pagination} data-testid="battery-table"
        locale={{ emptyText: t('battery.list.empty') }}
        expandable={{
          expandedRowRender: (plant) => <BatteryDevices plantUid={plant.plantUid!} timeZone={plant.timeZone} />,
          // Nothing to unfold for a plant that has no battery.
          rowExpandable: (plant) => {
            const answer = answers.get(plant.plantUid!);
            return !(answer && 'data' in answer && answer.data.batteryNum === 0);
          },
        }}
        columns={[
          { key: 'picture', width: 56, render: (_: unknown, p) => figure(p, (d) => <BatteryPicture soc={d.averageSoc} testId={`battery-picture-${p.plantUid}`} />) },
          { key: 'plantName', dataIndex: 'plantName', title: t('battery.fields.plant'),
            render: (name: string, p) => <Link to={batteryDetailPath({ plantUid: p.plantUid! })}>{name}</Link> },
          { key: 'soc', title: t('battery.fields.averageSoc'), align: 'right',
            render: (_: unknown, p) => figure(p, (d) => <span data-testid={`battery-soc-${p.plantUid}`}>{formatSoc(d.averageSoc)}</span>) },
          { key: 'power', title: t('battery.fields.power'), align: 'right',
            render: (_: unknown, p) => figure(p, (d) => (d.batteryNum === 0 ? '–' : <span data-testid={`battery-power-${p.plantUid}`}>{formatPower(Math.abs(d.batteryPower))}</span>)) },
          { key: 'state', title: t('battery.fields.state'),
            render: (_: unknown, p) => figure(p, (d) => {
              const state = batteriesState(d);
              return <Tag color={STATE_COLOURS[state]} data-testid={`battery-state-${p.plantUid}`}>{t(`battery.states.${state}`)}</Tag>;
            }) },
          { key: 'batteryNum', title: t('battery.fields.batteryNum'), align: 'right',
            render: (_: unknown, p) => figure(p, (d) => (d.batteryNum === 0 ? '–' : t('battery.list.onlineOf', { online: d.batteryNum - d.offlineNum, total: d.batteryNum }))) },
          { key: 'charged', title: t('battery.fields.chargedToday'), align: 'right', render: (_: unknown, p) => figure(p, (d) => <span data-testid={`battery-charged-${p.plantUid}`}>{formatEnergy(d.batteryChargeEnergy)}</span>) },
          { key: 'discharged', title: t('battery.fields.dischargedToday'), align: 'right',
            render: (_: unknown, p) => figure(p, (d) => <span data-testid={`battery-discharged-${p.plantUid}`}>{formatEnergy(d.batteryDischargeEnergy)}</span>) },
        ]} />
    </Card>
  );
}
