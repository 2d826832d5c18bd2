// A plant's hand-over to another owner or installer: what the user types is checked first, the
// account found is shown, and only then can the change be confirmed.
import { useState } from 'react';
import { App, Button, Descriptions, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from './use-busy-action';

export interface HandOverProps<Found> {
  title: string;
  inputLabel: string;
  maxLength: number;
  testId: string;
  check(value: string): Promise<Found>;
  /** The rows that show what the check found. */
  describe(found: Found): [label: string, value: string][];
  change(value: string, found: Found): Promise<void>;
  changedText: string;
  onChanged(): void;
}

export function HandOverDialog<Found>({ title, inputLabel, maxLength, testId, check, describe, change, changedText, onChanged }: HandOverProps<Found>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [found, setFound] = useState<Found>();
  const { busy, run } = useBusyAction();

  const close = () => {
    setOpen(false);
    setValue('');
    setFound(undefined);
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid={testId}>{title}</Button>
      <Modal open={open} title={title} onCancel={close} maskClosable={false} destroyOnHidden okText={t('common.confirm')} cancelText={t('common.cancel')}
        okButtonProps={{ disabled: found === undefined, loading: busy }}
        onOk={() => void run(async () => {
          await change(value.trim(), found!);
          void message.success(changedText);
          close();
          onChanged();
        })}>
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Input value={value} maxLength={maxLength} placeholder={inputLabel} aria-label={inputLabel}
            onChange={(e) => {
              setValue(e.target.value);
              setFound(undefined);
            }} />
          <Button onClick={() => void run(async () => setFound(await check(value.trim())))} loading={busy} disabled={!value.trim()}>{t('plant.check')}</Button>
        </Space.Compact>
        {found !== undefined && (
          <Descriptions size="small" column={1} bordered>
            {describe(found).map(([label, text]) => <Descriptions.Item key={label} label={label}>{text}</Descriptions.Item>)}
          </Descriptions>
        )}
      </Modal>
    </>
  );
}
