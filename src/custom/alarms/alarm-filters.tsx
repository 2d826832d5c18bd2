// The alarm centre's filters: level, state, device type (listAlarmDeviceType), alarm name
// (alarmNameInfoList, of the chosen device type), device serial and the days the alarm started.
// Applied on Search (or Enter); Reset clears them all.
import { useEffect, useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { ALARM_LEVELS, ALARM_STATES } from './alarm-labels';
import type { AlarmFilters } from './alarm-query';

const DAY = 'YYYY-MM-DD';

interface Values extends Omit<AlarmFilters, 'queryStartDate' | 'queryEndDate' | 'plantUid'> {
  range?: [Dayjs, Dayjs];
}

const toValues = ({ queryStartDate, queryEndDate, plantUid: _plantUid, ...rest }: AlarmFilters): Values => ({
  ...rest,
  range: queryStartDate && queryEndDate ? [dayjs(queryStartDate), dayjs(queryEndDate)] : undefined,
});

/** Every field cleared (setFieldsValue leaves out what it is not given). */
const EMPTY: Values = { level: undefined, alarmCommonState: undefined, deviceType: undefined, alarmName: undefined, deviceSn: undefined, range: undefined };

const toFilters = ({ range, ...rest }: Values): AlarmFilters => ({
  ...rest,
  ...(range ? { queryStartDate: range[0].format(DAY), queryEndDate: range[1].format(DAY) } : {}),
});

/** The device types that raise alarms, with their names in the user's language; none when the call fails. */
function useDeviceTypes(lang: string) {
  const [types, setTypes] = useState<DataOf<'listAlarmDeviceType'>>([]);
  useEffect(() => {
    let live = true;
    call('listAlarmDeviceType', { silent: true }).then((list) => live && setTypes(list), () => undefined);
    return () => {
      live = false;
    };
  }, [lang]);
  return types;
}

/** The alarm names of a device type (all types when none), each once. */
function useAlarmNames(deviceType: AlarmFilters['deviceType'], lang: string) {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    call('alarmNameInfoList', { query: deviceType ? { deviceType } : {}, silent: true })
      .then((list) => live && setNames([...new Set(list.map((d) => d.alarmName))]), () => undefined);
    return () => {
      live = false;
    };
  }, [deviceType, lang]);
  return names;
}

export function AlarmFilterBar({ value, onChange }: { value: AlarmFilters; onChange(filters: AlarmFilters): void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const deviceType = Form.useWatch('deviceType', form);
  const types = useDeviceTypes(i18n.language);
  const names = useAlarmNames(deviceType, i18n.language);
  const initial = useMemo(() => toValues(value), [value]);
  useEffect(() => form.setFieldsValue({ ...EMPTY, ...initial }), [form, initial]);

  return (
    <Form form={form} layout="inline" initialValues={initial} onFinish={(values) => onChange({ ...toFilters(values), ...(value.plantUid ? { plantUid: value.plantUid } : {}) })}
      data-testid="alarm-filters" style={{ rowGap: 12 }}>
      <Form.Item name="level" label={t('alarmCentre.fields.level')}>
        <Select allowClear style={{ width: 120 }} options={ALARM_LEVELS.map((l) => ({ value: l, label: t(`alarmCentre.level.${l}`) }))} />
      </Form.Item>
      <Form.Item name="alarmCommonState" label={t('alarmCentre.fields.state')}>
        <Select allowClear style={{ width: 130 }} options={ALARM_STATES.map((s) => ({ value: s, label: t(`alarmCentre.state.${s}`) }))} />
      </Form.Item>
      <Form.Item name="deviceType" label={t('alarmCentre.fields.deviceType')}>
        <Select allowClear style={{ width: 190 }} options={types.map((d) => ({ value: d.deviceType, label: d.deviceTypeName }))}
          onChange={() => form.setFieldValue('alarmName', undefined)} />
      </Form.Item>
      <Form.Item name="alarmName" label={t('alarmCentre.fields.alarmName')}>
        <Select allowClear showSearch style={{ width: 220 }} options={names.map((n) => ({ value: n, label: n }))} />
      </Form.Item>
      <Form.Item name="deviceSn" label={t('alarmCentre.fields.deviceSn')}>
        <Input allowClear maxLength={30} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="range" label={t('alarmCentre.fields.startDays')}>
        <DatePicker.RangePicker allowEmpty={[false, false]} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="alarm-search">{t('common.search')}</Button>
          <Button onClick={() => {
            form.setFieldsValue(EMPTY);
            form.submit();
          }} data-testid="alarm-reset">{t('common.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
