// Account cancellation (checkCancelAccount, getCancelAccountExplain, cancelAccount): what blocks
// it is listed first; otherwise the notice, a code sent to the account's own phone or e-mail
// address, a last confirmation, and the session ends.
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Radio, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { endSession } from '@/providers/auth-provider';
import { errorText } from '@/lib/error-text';
import { SendCodeButton } from '@/custom/widgets/send-code-button';
import { codeRules } from '@/custom/widgets/form-rules';
import type { Profile } from './use-profile';

type Check = DataOf<'checkCancelAccount'>;
type Explain = DataOf<'getCancelAccountExplain'>;

export function CancelAccount({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [check, setCheck] = useState<Check>();
  const [explain, setExplain] = useState<Explain>();
  const [failure, setFailure] = useState<string>();
  const targets = [profile.phone && { channel: 'sms' as const, value: profile.phone }, profile.email && { channel: 'email' as const, value: profile.email }]
    .filter((x): x is { channel: 'sms' | 'email'; value: string } => Boolean(x));
  const [via, setVia] = useState(targets[0]);

  useEffect(() => {
    Promise.all([call('checkCancelAccount', { silent: true }), call('getCancelAccountExplain', { silent: true })])
      .then(([verdict, notice]) => {
        setCheck(verdict);
        setExplain(notice);
      }, (error: unknown) => setFailure(error instanceof ApiError ? errorText(t, error) : t('errors.unknown')));
  }, [t]);

  const cancel = ({ code }: { code: string }) => modal.confirm({
    title: t('personal.cancelConfirmTitle'),
    content: t('personal.cancelConfirm'),
    okText: t('personal.cancelAccount'),
    okButtonProps: { danger: true },
    cancelText: t('common.cancel'),
    onOk: async () => {
      try {
        await call('cancelAccount', { body: { code }, silent: true });
        endSession('/login');
      } catch (error) {
        void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
      }
    },
  });

  if (failure) return <Alert type="error" showIcon message={failure} />;
  if (!check || !explain) return <Spin />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 640 }}>
      <div>
        <h3>{explain.title}</h3>
        <p className="legal-text__plain" data-testid="cancel-explain">{explain.content}</p>
      </div>
      {check.canCancel !== 1 ? (
        <Alert type="warning" showIcon message={t('personal.cannotCancel')} data-testid="cancel-blocked"
          description={<ul>{check.reasons.map((r) => <li key={r}>{t(`personal.cancelReasons.${r}`, { count: check.plantNum ?? 0 })}</li>)}</ul>} />
      ) : !via ? (
        <Alert type="warning" showIcon message={t('personal.noContact')} />
      ) : (
        <Form form={form} layout="vertical" onFinish={cancel}>
          {targets.length > 1 && (
            <Form.Item label={t('personal.codeTo')}>
              <Radio.Group value={via.channel} onChange={(e) => setVia(targets.find((x) => x.channel === e.target.value))}
                options={targets.map((x) => ({ value: x.channel, label: x.value }))} />
            </Form.Item>
          )}
          <Form.Item label={t('login.code')} required>
            <Space.Compact style={{ width: '100%', maxWidth: 400 }}>
              <Form.Item name="code" noStyle rules={codeRules(t)}>
                <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" aria-label={t('login.code')} />
              </Form.Item>
              <SendCodeButton key={via.channel} purpose="cancel" channel={via.channel} target={async () => via.value} />
            </Space.Compact>
          </Form.Item>
          <Button danger type="primary" htmlType="submit">{t('personal.cancelAccount')}</Button>
        </Form>
      )}
    </Space>
  );
}
