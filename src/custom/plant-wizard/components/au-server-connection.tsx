// The AU utility server of an existing plant (001 section 4 "AU server connection"): the choice is
// confirmed by checkAntiPlantUpgradeInfo, which locks it (errorType 0), refuses it (1) or names
// the firmware upgrades in the way (2: needUpgrade, upgrading, canRetryUpgrade, upgradeError).
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { UpgradeConfirmDialog } from './upgrade-confirm-dialog';
import { useCopy } from '@/custom/shell/widgets/copy';

type Check = DataOf<'checkAntiPlantUpgradeInfo'>;
type Server = DataOf<'getAuServerEnums'>[number];

interface Props {
  plantUid: string;
  auAreaCode: string | undefined;
  locked: boolean;
  /** The gateway's IEEE 2030.5 identifier, offered for copying. */
  lfdi?: string | undefined;
}

export function AuServerConnection({ plantUid, auAreaCode, locked: initiallyLocked, lfdi }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [servers, setServers] = useState<Server[]>([]);
  const [chosen, setChosen] = useState(auAreaCode);
  const [locked, setLocked] = useState(initiallyLocked);
  const [checking, setChecking] = useState(false);
  const [dialog, setDialog] = useState<{ retry: boolean; check: Check }>();
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    void call('getAuServerEnums', { silent: true }).then(setServers, () => setServers([]));
  }, []);

  const copy = useCopy();
  const copyLfdi = () => copy(lfdi ?? '');
  const list = (serials: readonly string[] | undefined) => (serials ?? []).join(', ');
  const failed = (error: unknown) => void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));

  const outcome = (check: Check) => {
    if (check.errorType === 0) {
      setLocked(true);
      void message.success(t('auServer.confirmed'));
      return;
    }
    if (check.errorType === 1) {
      void message.error(check.errorMsg ?? t('errors.unknown'));
      return;
    }
    if (check.msg === 'needUpgrade') setDialog({ retry: false, check });
    else if (check.msg === 'canRetryUpgrade') setDialog({ retry: true, check });
    else if (check.msg === 'upgrading') modal.info({ title: t('auServer.upgradingTitle'), content: t('auServer.upgradingText', { serials: list(check.upgradingSn) }), okText: t('common.confirm') });
    else modal.info({ title: t('auServer.upgradeErrorTitle'), content: t('auServer.upgradeErrorText', { serials: list(check.upgradeErrorSn) }), okText: t('common.confirm') });
  };

  const check = async () => {
    if (!chosen) return;
    setChecking(true);
    try {
      outcome(await call('checkAntiPlantUpgradeInfo', { query: { plantUid, auAreaCode: chosen }, silent: true }));
    } catch (error) {
      failed(error);
    } finally {
      setChecking(false);
    }
  };

  const start = async () => {
    if (!dialog || !chosen) return;
    setStarting(true);
    const { check: found, retry } = dialog;
    try {
      const needUpgradeSn = found.needUpgradeSn?.join(',') || undefined;
      if (retry) await call('retryAutoUpgrade', { body: { plantUid, auAreaCode: chosen, needRetryTaskId: (found.needRetryTaskId ?? []).join(','), needUpgradeSn }, silent: true });
      else await call('startAutoUpgrade', { body: { plantUid, auAreaCode: chosen, needUpgradeSn: needUpgradeSn ?? '' }, silent: true });
      setDialog(undefined);
      modal.info({ title: t('auServer.startedTitle'), content: t('auServer.startedText'), okText: t('common.confirm') });
    } catch (error) {
      failed(error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card size="small" title={t('plant.fields.auAreaCode')} style={{ marginBottom: 16 }} data-testid="au-server">
      <Space wrap>
        <Select style={{ minWidth: 240 }} value={chosen} disabled={locked} onChange={setChosen} aria-label={t('plant.fields.auAreaCode')}
          options={servers.map((s) => ({ value: s.auAreaCode, label: s.name }))} data-testid="au-server-select" />
        {!locked && <Button onClick={() => void check()} loading={checking} disabled={!chosen} data-testid="au-server-check">{t('auServer.check')}</Button>}
      </Space>
      {lfdi && (
        <div style={{ marginTop: 12 }}>
          {t('plant.fields.lfdi')}: <code data-testid="lfdi">{lfdi}</code> <Button size="small" type="link" onClick={() => void copyLfdi()}>{t('common.copy')}</Button>
        </div>
      )}
      {locked && <Alert style={{ marginTop: 12 }} type="success" showIcon message={t('auServer.lockedTip')} data-testid="au-server-locked" />}
      <UpgradeConfirmDialog
        open={Boolean(dialog)}
        retry={dialog?.retry ?? false}
        serials={dialog ? (dialog.retry ? dialog.check.needRetryTaskId ?? [] : dialog.check.needUpgradeSn ?? []) : []}
        busy={starting}
        onStart={() => void start()}
        onCancel={() => setDialog(undefined)}
      />
    </Card>
  );
}
