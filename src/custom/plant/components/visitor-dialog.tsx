// Add or edit a visitor of a plant. Adding looks the account up (getShareTarget), which finds the
// login names of people the caller already works with and anyone by e-mail address or phone
// number; the field says so, and a miss says which it was. An existing user is shared with
// (addPlantVisitor), whether or not the caller sees them; only for an e-mail address that no
// account has is one created and mailed a link to set a password (addPlantVisitorAndCreateUser,
// then the notification).
// Every share has its own permission checklist (getPlantPermissionList).
import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Descriptions, Form, Input, Modal, Space, Typography } from 'antd';
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

type T = (key: string, options?: Record<string, unknown>) => string;

/** What the lookup found, in words: whom the plant goes to, or why nobody, or why not them. */
export function lookupText(t: T, target: Target, creating: boolean): string {
  if (target.exist === 1) {
    if (target.shareable === 0) return t('sharing.notShareable', { account: target.account });
    return target.nickname ? t('sharing.found', { name: target.nickname, account: target.account }) : t('sharing.foundAccount', { account: target.account });
  }
  if (creating) return t('sharing.willCreate');
  if (target.by === 'loginName') return t('sharing.noLoginName');
  return t(target.by === 'phone' ? 'sharing.noPhone' : 'sharing.needEmail');
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
  // A new account only for an e-mail address nobody has; the server says how it read the account.
  const creating = target?.exist === 0 && EMAIL.test(account.trim());
  const sharing = target?.exist === 1 && target.shareable !== 0 && target.userId !== undefined;
  const ready = chosen.length > 0 && (visitor !== undefined || sharing || creating);

  const save = () => run(async () => {
    const shared = { permissions: chosen.join(','), remark: remark.trim() || undefined };
    if (visitor) {
      await call('eidtPlantVisitor', { body: { id: visitor.id!, ...shared }, silent: true });
    } else if (sharing) {
      await call('addPlantVisitor', { body: { plantUid, userId: target.userId!, ...shared }, silent: true });
    } else if (creating) {
      const created = await call('addPlantVisitorAndCreateUser', { body: { plantUid, email: account.trim(), nickname: nickname.trim() || undefined, ...shared }, silent: true });
      await call('sendNotificationAfterAddPlantVisitorAndCreateUser', { query: { id: created.id! }, silent: true });
    } else {
      return;
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
          <Typography.Paragraph type="secondary" style={{ marginTop: -8, marginBottom: 12 }} data-testid="visitor-account-help">{t('sharing.accountHelp')}</Typography.Paragraph>
          {target && <Alert type={sharing ? 'success' : creating ? 'info' : 'warning'} showIcon style={{ marginBottom: 12 }} message={lookupText(t, target, creating)} data-testid="visitor-lookup-result" />}
          {creating && (
            <>
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
