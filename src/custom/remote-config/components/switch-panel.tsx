// A device's on/off settings: automatic clock synchronisation (every device) and, on an energy
// manager, reporting its measurements to the portal. Each change asks for confirmation, goes to
// the device, and shows its answer.
import { useState } from 'react';
import { App, Button, Descriptions, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import { formatDateTime } from '@/lib/date-time';
import { useMayCall } from '@/custom/shell/use-may-call';
import { DeviceAnswer, type Answer } from './device-answer';

type Setting = 'autoTimeSync' | 'reportEnable';

export function SwitchPanel({ deviceSn, energyManager, onChanged }: { deviceSn: string; energyManager: boolean; onChanged(): void }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const [answer, setAnswer] = useState<Answer>();
  const [busy, setBusy] = useState(false);
  // Only what the caller may change is offered (a plant owner reads these settings, an installer changes them).
  const may: Record<Setting, boolean> = { autoTimeSync: useMayCall('deviceAutoTimeSync'), reportEnable: useMayCall('saveEmsReportEnable') };

  const send = async (setting: Setting, value: 0 | 1): Promise<string> => {
    if (setting === 'autoTimeSync') {
      const data = await call('deviceAutoTimeSync', { body: { deviceSn, autoTimeSync: value }, silent: true });
      return t('remoteConfig.switches.timeConfirmed', {
        state: t(`remoteConfig.onOff.${data.autoTimeSync}`), time: formatDateTime(data.serverTime, { lang: i18n.language, timeZone: data.timeZone }), zone: data.timeZone,
      });
    }
    await call('saveEmsReportEnable', { body: { deviceSn, reportEnable: value }, silent: true });
    return t('remoteConfig.switches.reportConfirmed', { state: t(`remoteConfig.onOff.${value}`) });
  };

  const change = (setting: Setting, value: 0 | 1) => modal.confirm({
    title: t('remoteConfig.switches.confirmTitle', { sn: deviceSn }),
    content: `${t(`remoteConfig.settings.${setting}`)} → ${t(`remoteConfig.onOff.${value}`)}`,
    okText: t('common.confirm'),
    cancelText: t('common.cancel'),
    onOk: async () => {
      setBusy(true);
      try {
        setAnswer({ ok: true, text: await send(setting, value) });
      } catch (error) {
        setAnswer({ ok: false, error });
      } finally {
        setBusy(false);
        onChanged();
      }
    },
  });

  const row = (setting: Setting) => (
    <Descriptions.Item label={t(`remoteConfig.settings.${setting}`)}>
      {may[setting] && (
        <Space>
          <Button onClick={() => change(setting, 1)} data-testid={`${setting}-on`}>{t('remoteConfig.switches.on')}</Button>
          <Button onClick={() => change(setting, 0)} data-testid={`${setting}-off`}>{t('remoteConfig.switches.off')}</Button>
        </Space>
      )}
    </Descriptions.Item>
  );
  return (
    <Spin spinning={busy}>
      <DeviceAnswer answer={answer} />
      <Descriptions column={1} bordered size="small">
        {row('autoTimeSync')}
        {energyManager && row('reportEnable')}
      </Descriptions>
    </Spin>
  );
}
