// The picture captcha of the password login, shown once the server asks for it (rules
// captchaRequired, captchaWrong, captchaExpired). Every check uses a captcha up, so a new picture
// is loaded whenever `round` changes, i.e. after every failed attempt.
import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';

export function CaptchaField({ round }: { round: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [image, setImage] = useState<string>();

  const load = useCallback(async () => {
    form.setFieldsValue({ code: '', captchaId: undefined });
    try {
      const captcha = await call('getCaptcha', { silent: true });
      form.setFieldValue('captchaId', captcha.captchaId);
      setImage(captcha.image);
    } catch {
      setImage(undefined);
    }
  }, [form]);

  useEffect(() => {
    void load();
  }, [load, round]);

  return (
    <>
      <Form.Item label={t('login.captcha')} required>
        <Space.Compact size="large" style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
            <Input autoComplete="off" maxLength={16} aria-label={t('login.captcha')} data-testid="login-captcha-input" />
          </Form.Item>
          <Button onClick={() => void load()} title={t('login.captchaImage')} style={{ padding: 0, overflow: 'hidden' }}>
            {image ? <img src={image} alt={t('login.captchaImage')} height={38} data-testid="login-captcha-image" /> : t('login.captchaReload')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="captchaId" hidden>
        <Input />
      </Form.Item>
    </>
  );
}
