// Step 1: scan device serials (001 sections 2, 4 and 5). Each scan is looked up in the inventory
// and refused with a translated warning when it is a duplicate, breaks the first type's
// combination rule, does not exist or is already bound; rated power and alias inputs appear
// where the record asks for them. A rated power starts empty whatever the inventory says: the
// plant's system power is the sum of what the user typed (issue 20), in kW for a charger, kWp otherwise.
import { useState } from 'react';
import { App, Button, Card, Empty, Input, InputNumber, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import {
  ALIAS_MAX, MAX_SN_LENGTH, aliasValid, childDeletable, proceedProblem, ratedPowerMax, ratedPowerUnit, ratedPowerValid, scanClosed, scanRefusal,
} from '@/lib/plant-rules';
import type { ScannedBox } from '../add-info';

export interface ScanResult {
  plantType: DataOf<'validateDeviceSnList'>['plantType'] | undefined;
  isParallelShow: number;
}

interface Props {
  boxes: ScannedBox[];
  onChange(boxes: ScannedBox[]): void;
  onNext(result: ScanResult): void;
}

export function ScanStep({ boxes, onChange, onNext }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  /** Serials whose rated power was just cleared for being out of range: their range shows in red. */
  const [badPower, setBadPower] = useState<string[]>([]);
  const closed = scanClosed(boxes[0]?.snType);

  const warn = (key: string) => void message.warning(t(`plantWizard.warnings.${key}`));

  const scan = async () => {
    const sn = input.trim();
    if (!sn || closed) return;
    if (boxes.some((b) => b.sn.toLowerCase() === sn.toLowerCase())) {
      warn('duplicate');
      setInput('');
      return;
    }
    setBusy(true);
    try {
      const record = await call('checkFirstScanSnInfoV2', { query: { sn }, silent: true });
      const refusal = scanRefusal(boxes, record);
      if (refusal) warn(refusal);
      else onChange([...boxes, { ...record, ratedPower: null, removedChildren: [] }]);
      setInput('');
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  const update = (sn: string, change: Partial<ScannedBox>) => onChange(boxes.map((b) => (b.sn === sn ? { ...b, ...change } : b)));

  const checkPower = (box: ScannedBox) => {
    const invalid = box.ratedPower !== undefined && box.ratedPower !== null && !ratedPowerValid(box.ratedPower, box.isEmsAddC6);
    // An invalid value is cleared and the range shown in red (001 sections 5 and 8).
    if (invalid) {
      update(box.sn, { ratedPower: null });
      warn('wrongPowerRange');
    }
    setBadPower((list) => (invalid ? [...new Set([...list, box.sn])] : list.filter((s) => s !== box.sn)));
  };

  const next = async () => {
    const problem = proceedProblem(boxes);
    if (problem) return warn(problem);
    if (boxes.some((b) => !aliasValid(b.aliases))) return warn('alias');
    setBusy(true);
    try {
      const answer = await call('validateDeviceSnList', { body: boxes.map((b) => ({ deviceSn: b.sn })), silent: true });
      onNext({ plantType: answer.plantType, isParallelShow: answer.isParallelShow });
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="scan-step">
      <Space.Compact style={{ width: '100%', maxWidth: 520, marginBottom: 16 }}>
        <Input
          value={input}
          maxLength={MAX_SN_LENGTH}
          placeholder={t('plantWizard.scanPlaceholder')}
          aria-label={t('plantWizard.scanPlaceholder')}
          onChange={(e) => setInput(e.target.value)}
          onPressEnter={() => void scan()}
          data-testid="scan-input"
        />
        <Button type="primary" icon={<ScanOutlined />} onClick={() => void scan()} loading={busy} disabled={closed} data-testid="scan-button">
          {t('plantWizard.scan')}
        </Button>
      </Space.Compact>
      {closed && <Typography.Paragraph type="secondary">{t('plantWizard.meterOnly')}</Typography.Paragraph>}
      {boxes.length === 0 ? <Empty description={t('plantWizard.noDevicesYet')} /> : boxes.map((box) => (
        <Card
          key={box.sn}
          size="small"
          style={{ marginBottom: 12 }}
          data-testid="scan-box"
          title={<Space><span>{box.sn}</span><Tag>{t(`scannedDevice.enums.snType.${box.snType}`)}</Tag></Space>}
          extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={t('plantWizard.removeDevice', { sn: box.sn })}
            onClick={() => onChange(boxes.filter((b) => b.sn !== box.sn))} />}
        >
          {box.childSnList.filter((c) => !box.removedChildren.includes(c.sn)).map((child) => (
            <div key={child.sn} className="scan-child" data-testid="scan-child">
              <span>{child.sn}</span> <Tag>{t(`scannedDevice.enums.snType.${child.snType}`)}</Tag>
              {childDeletable(box) && (
                <Button type="link" size="small" danger aria-label={t('plantWizard.removeDevice', { sn: child.sn })}
                  onClick={() => update(box.sn, { removedChildren: [...box.removedChildren, child.sn] })}>
                  {t('common.actions.delete')}
                </Button>
              )}
            </div>
          ))}
          <Space wrap style={{ marginTop: box.childSnList.length ? 8 : 0 }}>
            {box.isShowRatedPower === 1 && (
              <span>
                <InputNumber
                  addonBefore={t('plantWizard.ratedPowerLabel', { unit: ratedPowerUnit(box.snType) })}
                  aria-label={t('plantWizard.ratedPowerOf', { sn: box.sn })}
                  value={box.ratedPower ?? null}
                  onChange={(value) => update(box.sn, { ratedPower: value })}
                  onBlur={() => checkPower(box)}
                  style={{ width: 260 }}
                />
                <Typography.Text type={badPower.includes(box.sn) ? 'danger' : 'secondary'} style={{ marginLeft: 8 }} data-testid="rated-power-range">
                  {t('plantWizard.ratedPowerRange', { max: ratedPowerMax(box.isEmsAddC6), unit: ratedPowerUnit(box.snType) })}
                </Typography.Text>
              </span>
            )}
            {box.isShowAliases === 1 && (
              <span>
                <Input
                  addonBefore={t('scannedDevice.fields.aliases')}
                  aria-label={t('plantWizard.aliasOf', { sn: box.sn })}
                  maxLength={ALIAS_MAX}
                  value={box.aliases ?? ''}
                  status={aliasValid(box.aliases) ? undefined : 'error'}
                  onChange={(e) => update(box.sn, { aliases: e.target.value })}
                  style={{ width: 260 }}
                />
                {!aliasValid(box.aliases) && <Typography.Text type="danger" style={{ marginLeft: 8 }}>{t('plantWizard.warnings.alias')}</Typography.Text>}
              </span>
            )}
          </Space>
        </Card>
      ))}
      <div className="wizard-actions">
        <Button type="primary" onClick={() => void next()} loading={busy} data-testid="wizard-next">{t('plantWizard.next')}</Button>
      </div>
    </div>
  );
}
