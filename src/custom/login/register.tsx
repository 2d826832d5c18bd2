// Registration of an end-user account (000 section 2 /register; 001 section 7): with a mainland
// mobile number and an SMS code (registerCN), or with an e-mail address, a code and a country
// (registerForeign). Both accept the user agreement and the privacy policy.
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Result, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { errorText } from '@/lib/error-text';
import { showFieldErrors } from '@/api/form-errors';
import { emailRules, phoneRules } from '@/custom/widgets/form-rules';
import { CodeField, NewPasswordFields } from '@/custom/widgets/code-fields';
import { AuthLayout } from './auth-layout';

type Kind = 'phone' | 'email';
type Countries = DataOf<'countryList'>;
/** Mainland registrations belong to China (ISO 3166-1 alpha-2). */
const CHINA = 'CN';

interface RegisterValues {
  phone: string;
  email: string;
  code: string;
  password: string;
  confirm: string;
  countryCode: string;
  agree: boolean;
}

/** The countries this site serves, or every country when the site names none. */
async function registrationCountries(): Promise<Countries> {
  const served = await call('listCurrentNodeCountry', { silent: true }).catch(() => []);
  return served.length ? served : call('countryList', { silent: true });
}

export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [kind, setKind] = useState<Kind>('phone');
  const [countries, setCountries] = useState<Countries>([]);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [registered, setRegistered] = useState<string>();

  useEffect(() => {
    let live = true;
    registrationCountries().then((list) => live && setCountries(list), () => undefined);
    return () => {
      live = false;
    };
  }, [i18n.language]);

  const target = () => form.validateFields([kind]).then((v) => v[kind].trim(), () => undefined);

  const onFinish = async (values: RegisterValues) => {
    setPending(true);
    setFailure(undefined);
    try {
      const account = kind === 'phone'
        ? await call('registerCN', { body: { phone: values.phone, code: values.code, password: values.password, countryCode: CHINA, agreeProtocol: 1 }, silent: true })
        : await call('registerForeign', { body: { email: values.email, code: values.code, password: values.password, countryCode: values.countryCode, agreeProtocol: 1 }, silent: true });
      setRegistered(account.loginName);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(errorText(t, error));
      showFieldErrors(form, error, Object.keys(values));
    } finally {
      setPending(false);
    }
  };

  if (registered) {
    return (
      <AuthLayout title={t('register.title')}>
        <Result status="success" title={t('register.done')} subTitle={t('register.doneHint', { loginName: registered })}
          extra={<Button type="primary" onClick={() => navigate('/login')}>{t('register.toLogin')}</Button>} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('register.title')}>
      <Segmented<Kind> block value={kind} onChange={(value) => { setKind(value); setFailure(undefined); }} style={{ marginBottom: 16 }}
        options={[{ value: 'phone', label: t('register.byPhone') }, { value: 'email', label: t('register.byEmail') }]} />
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} data-testid="register-error" />}
      <Form<RegisterValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        {kind === 'phone' ? (
          <Form.Item name="phone" label={t('account.phone')} rules={phoneRules(t)}>
            <Input autoComplete="tel" />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="email" label={t('account.email')} rules={emailRules(t)}>
              <Input autoComplete="email" />
            </Form.Item>
            <Form.Item name="countryCode" label={t('account.country')} rules={[{ required: true, message: t('account.countryRequired') }]}>
              <Select showSearch optionFilterProp="label" options={countries.map((c) => ({ value: c.code, label: c.label }))} />
            </Form.Item>
          </>
        )}
        <CodeField key={kind} purpose="register" channel={kind === 'phone' ? 'sms' : 'email'} target={target} />
        <NewPasswordFields />
        <Form.Item name="agree" valuePropName="checked"
          rules={[{ validator: async (_, value: boolean) => { if (!value) throw new Error(t('register.agreeRequired')); } }]}>
          <Checkbox>
            {t('register.agree')} <Link to="/agreement" target="_blank">{t('legal.agreement')}</Link> {t('register.and')}{' '}
            <Link to="/security-policy" target="_blank">{t('legal.policy')}</Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={pending}>{t('register.submit')}</Button>
      </Form>
      <div className="login-page__links"><Link to="/login">{t('register.haveAccount')}</Link></div>
    </AuthLayout>
  );
}
