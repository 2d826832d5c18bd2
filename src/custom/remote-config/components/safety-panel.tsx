// An inverter's grid-protection settings: read from the device when it is chosen (getSafetyData),
// changed with a confirmation that lists what changes (saveSafetyData), the device's answer shown.
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Col, Form, InputNumber, Row, Select, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { useLoad } from '@/custom/monitoring/use-load';
import { useMayCall } from '@/custom/shell/use-may-call';
import { DeviceAnswer, type Answer } from './device-answer';

type Safety = DataOf<'getSafetyData'>;
const LIMITS = ['overVoltageLimit', 'underVoltageLimit', 'overFrequencyLimit', 'underFrequencyLimit', 'reconnectDelay', 'activePowerLimit', 'powerFactor'] as const;
type Values = Pick<Safety, 'safetyCode' | (typeof LIMITS)[number] | 'exportLimitEnable' | 'exportLimitPower'>;
const FIELDS = ['safetyCode', ...LIMITS, 'exportLimitEnable', 'exportLimitPower'] as const;

export function SafetyPanel({ deviceSn, onChanged }: { deviceSn: string; onChanged(): void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [current, setCurrent] = useState<Safety>();
  const [answer, setAnswer] = useState<Answer>();
  const [busy, setBusy] = useState(false);
  // A plant owner reads the grid protection; changing it is for those who may (installers).
  const maySave = useMayCall('saveSafetyData');
  const codes = useLoad(useCallback(() => call('getSafetyDataList', { body: { deviceSn }, silent: true }), [deviceSn]));
  const exportLimited = Form.useWatch('exportLimitEnable', form) === 1;

  const read = useCallback(() => {
    setBusy(true);
    setAnswer(undefined);
    call('getSafetyData', { body: { deviceSn }, silent: true }).then((data) => {
      setCurrent(data);
      form.setFieldsValue(data);
    }, (error: unknown) => setAnswer({ ok: false, error })).finally(() => setBusy(false));
  }, [deviceSn, form]);
  useEffect(read, [read]);

  const save = (values: Values) => {
    const changed = FIELDS.filter((f) => values[f] !== undefined && values[f] !== null && values[f] !== current?.[f]);
    modal.confirm({
      title: t('remoteConfig.safety.confirmTitle', { sn: deviceSn }),
      content: changed.length
        ? <ul data-testid="remote-confirm-changes">{changed.map((f) => <li key={f}>{t(`remoteConfig.settings.${f}`)}: {String(current?.[f] ?? '–')} → {String(values[f])}</li>)}</ul>
        : t('remoteConfig.safety.noChange'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setBusy(true);
        const body = Object.fromEntries(FIELDS.filter((f) => values[f] !== undefined && values[f] !== null).map((f) => [f, values[f]]));
        try {
          const data = await call('saveSafetyData', { body: { ...(body as Values), deviceSn }, silent: true });
          setCurrent(data);
          form.setFieldsValue(data);
          setAnswer({ ok: true, text: t('remoteConfig.safety.confirmed', { name: data.safetyName }) });
        } catch (error) {
          setAnswer({ ok: false, error });
        } finally {
          setBusy(false);
          onChanged();
        }
      },
    });
  };

  return (
    <Spin spinning={busy}>
      <DeviceAnswer answer={answer} />
      {current && (
        <Space style={{ marginBottom: 12 }}>
          <span>{t('remoteConfig.safety.status')}</span>
          <Tag data-testid="safety-status">{t(`remoteConfig.status.${current.settingStatus ?? 0}`)}</Tag>
        </Space>
      )}
      <Form form={form} layout="vertical" onFinish={save} disabled={!current} data-testid="safety-form">
        <Form.Item name="safetyCode" label={t('remoteConfig.settings.safetyCode')} rules={[{ required: true }]}>
          <Select aria-label={t('remoteConfig.settings.safetyCode')} style={{ maxWidth: 360 }} loading={codes.loading}
            options={(codes.data ?? []).map((c) => ({ value: c.safetyCode, label: c.safetyName }))} />
        </Form.Item>
        <Row gutter={16}>
          {LIMITS.map((field) => (
            <Col key={field} xs={24} sm={12} md={8}>
              <Form.Item name={field} label={t(`remoteConfig.settings.${field}`)}>
                <InputNumber aria-label={t(`remoteConfig.settings.${field}`)} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="exportLimitEnable" label={t('remoteConfig.settings.exportLimitEnable')}>
              <Select aria-label={t('remoteConfig.settings.exportLimitEnable')} options={[0, 1].map((v) => ({ value: v, label: t(`remoteConfig.onOff.${v}`) }))} />
            </Form.Item>
          </Col>
          {exportLimited && (
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="exportLimitPower" label={t('remoteConfig.settings.exportLimitPower')} rules={[{ required: true }]}>
                <InputNumber aria-label={t('remoteConfig.settings.exportLimitPower')} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Space>
          {maySave && <Button type="primary" htmlType="submit" data-testid="safety-save">{t('remoteConfig.safety.send')}</Button>}
          {/* Enabled while the form is not: a read that failed (device offline) can be tried again. */}
          <Button onClick={read} disabled={false}>{t('remoteConfig.safety.read')}</Button>
        </Space>
      </Form>
    </Spin>
  );
}
