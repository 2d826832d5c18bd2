// The "send code" button of the code forms: sends an SMS or e-mail code for one purpose, then
// counts down the 60 s before a resend (or the wait the server names).
import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '@/api/client';
import type { QueryOf } from '@/api/contract-types';
import { CODE_RESEND_S, codeChannel } from '@/lib/validators';
import { errorText } from '@/lib/error-text';

export type CodePurpose = QueryOf<'smsGetCode'>['type'];

export interface SendCodeButtonProps {
  purpose: CodePurpose;
  /** The phone number or e-mail address to send to, or undefined when its field is invalid. */
  target(): Promise<string | undefined>;
  /** Fixes the channel; by default it follows the target (e-mail address or phone number). */
  channel?: 'sms' | 'email';
}

export function SendCodeButton({ purpose, target, channel }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const value = await target();
    if (!value) return;
    const via = channel ?? codeChannel(value);
    if (!via) {
      void message.error(t('account.targetInvalid'));
      return;
    }
    setSending(true);
    try {
      const wait = via === 'sms'
        ? await call('smsGetCode', { query: { phone: value, type: purpose }, silent: true })
        : await call('emailGetCode', { query: { email: value, type: purpose }, silent: true });
      // A number answers that a code sent earlier is still too recent: wait that long instead.
      setLeft(wait ?? CODE_RESEND_S);
      if (wait === null || wait === undefined) void message.success(t('code.sent'));
    } catch (error) {
      void message.error(error instanceof ApiError ? errorText(t, error) : t('errors.unknown'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} loading={sending} disabled={left > 0} data-testid="send-code">
      {left > 0 ? t('code.resendIn', { seconds: left }) : t('code.send')}
    </Button>
  );
}
