// Add or edit a visitor of a plant. Adding looks the account up (getShareTarget): an existing
// user is shared with (addPlantVisitor); for an e-mail address without an account one is created
// and mailed a link to set a password (addPlantVisitorAndCreateUser, then the notification).
// Every share has its own permission checklist (getPlantPermissionList).
import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Descriptions, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { EMAIL } from '@/lib/validators';
import { useBusyAction } from './use-busy-action';

export type Visitor = DataOf<'getPlantVisitorList'>['list'][number];
type Permission = DataOf<'getPlantPermissionList'>[number];
type Target = DataOf<'getShareTarget'>;

interface Props {
  plantUid: string;
  /** The visitor to edit; without one the dialog adds a visitor. */
  visitor?: Visitor | undefined;
  open: boolean;
  onClose(saved: boolean): void;
}

export function VisitorDialog({ plantUid, visitor, open, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [permissions, setPermissions] = useState<Permission[]>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [remark, setRemark] = useState('');
  const [account, setAccount] = useState('');
  const [target, setTarget] = useState<Target>();
  const [nickname, setNickname] = useState('');
  const { busy, run } = useBusyAction();

  // The checklist is the same for every share: loaded once, so that reopening the dialog never
  // shows an old list whose late answer would then overwrite what the user has just ticked.
  useEffect(() => {
    void call('getPlantPermissionList', { silent: true }).then(setPermissions, () => setPermissions([]));
  }, []);

  useEffect(() => {
    if (!open) return;
    setAccount('');
    setTarget(undefined);
    setNickname('');
    setRemark(visitor?.remark ?? '');
  }, [open, plantUid, visitor]);

  useEffect(() => {
    if (!open || !permissions) return;
    setChosen(visitor ? visitor.permissions.split(',') : permissions.filter((p) => p.isDefault === 1).map((p) => p.code));
  }, [open, visitor, permissions]);


  const lookUp = () => run(async () => setTarget(await call('getShareTarget', { query: { plantUid, account: account.trim() }, silent: true })));
  const creating = target?.exist === 0;
  const ready = chosen.length > 0 && (visitor !== undefined || target?.exist === 1 || (creating && EMAIL.test(account.trim())));

  const save = () => run(async () => {
    const shared = { permissions: chosen.join(','), remark: remark.trim() || undefined };
    if (visitor) {
      await call('eidtPlantVisitor', { body: { id: visitor.id!, ...shared }, silent: true });
    } else if (target?.exist === 1) {
      await call('addPlantVisitor', { body: { plantUid, userId: target.userId!, ...shared }, silent: true });
    } else {
      const created = await call('addPlantVisitorAndCreateUser', { body: { plantUid, email: account.trim(), nickname: nickname.trim() || undefined, ...shared }, silent: true });
      await call('sendNotificationAfterAddPlantVisitorAndCreateUser', { query: { id: created.id! }, silent: true });
    }
    void message.success(t(visitor ? 'sharing.updated' : 'sharing.added'));
    onClose(true);
  });

  return (
    <Modal open={open} title={t(visitor ? 'sharing.editTitle' : 'sharing.addTitle')} onCancel={() => onClose(false)} maskClosable={false} destroyOnHidden
      okText={t('common.save')} cancelText={t('common.cancel')} okButtonProps={{ disabled: !ready, loading: busy, 'data-testid': 'visitor-save' }} onOk={() => void save()}>
      {visitor ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('plantVisitor.fields.account')}>{visitor.account}</Descriptions.Item>
        </Descriptions>
      ) : (
        <>
          <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
            <Input value={account} maxLength={100} placeholder={t('sharing.account')} aria-label={t('sharing.account')} data-testid="visitor-account"
              onChange={(e) => {
                setAccount(e.target.value);
                setTarget(undefined);
              }} onPressEnter={() => void lookUp()} />
            <Button onClick={() => void lookUp()} disabled={!account.trim()} loading={busy} data-testid="visitor-lookup">{t('plant.check')}</Button>
          </Space.Compact>
          {target?.exist === 1 && <Alert type="success" showIcon style={{ marginBottom: 12 }} message={target.nickname ? t('sharing.found', { name: target.nickname, account: target.account }) : t('sharing.foundAccount', { account: target.account })} />}
          {creating && (
            <>
              <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t(EMAIL.test(account.trim()) ? 'sharing.willCreate' : 'sharing.needEmail')} />
              <Form.Item label={t('plantVisitor.fields.nickname')} layout="vertical">
                <Input value={nickname} maxLength={50} onChange={(e) => setNickname(e.target.value)} aria-label={t('plantVisitor.fields.nickname')} />
              </Form.Item>
            </>
          )}
        </>
      )}
      <Form layout="vertical">
        <Form.Item label={t('plantVisitor.fields.permissions')}>
          <Checkbox.Group value={chosen} onChange={(v) => setChosen(v)} data-testid="visitor-permissions"
            options={(permissions ?? []).map((p) => ({ value: p.code, label: p.name }))} />
        </Form.Item>
        <Form.Item label={t('plantVisitor.fields.remark')}>
          <Input value={remark} maxLength={100} onChange={(e) => setRemark(e.target.value)} aria-label={t('plantVisitor.fields.remark')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
