// Nickname, country and time zone (saveUserInfo; a field left empty keeps its value); the
// country's time zones come from the time-zone list. Login name, role and organisation are
// shown, not edited.
import { useEffect, useState } from 'react';
import { App, Button, Descriptions, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { DataOf } from '@/api/contract-types';
import { useFormSave } from '@/api/form-errors';
import type { Profile } from './use-profile';

interface ProfileValues {
  nickname: string;
  countryCode: string;
  timeZone: string;
}

type Option = { value: string; label: string };

/** The list's options, keeping the stored value choosable when the list does not hold it. */
function withCurrent(options: Option[], current: string | undefined): Option[] {
  return !current || options.some((o) => o.value === current) ? options : [{ value: current, label: current }, ...options];
}

export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved(profile: Profile): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const country: string | undefined = Form.useWatch('countryCode', form) ?? profile.countryCode;
  const [countries, setCountries] = useState<DataOf<'countryList'>>([]);
  const [zones, setZones] = useState<DataOf<'timeZoneList'>>([]);

  useEffect(() => {
    call('countryList', { silent: true }).then(setCountries, () => setCountries([]));
  }, [i18n.language]);
  useEffect(() => {
    const countryCode = country && /^[A-Z]{2}$/.test(country) ? country : undefined;
    call('timeZoneList', { query: { countryCode }, silent: true }).then(setZones, () => setZones([]));
  }, [country]);

  const { saving, run: save } = useFormSave(form, async (values: ProfileValues) => {
    onSaved(await call('saveUserInfo', { body: values, silent: true }));
    void message.success(t('personal.saved'));
  });

  return (
    <>
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('userProfile.fields.loginName')}>{profile.loginName}</Descriptions.Item>
        <Descriptions.Item label={t('userProfile.fields.roles')}>{profile.roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(', ')}</Descriptions.Item>
        <Descriptions.Item label={t('userProfile.fields.officeName')}>{profile.officeName}</Descriptions.Item>
        <Descriptions.Item label={t('userProfile.fields.phone')}>{profile.phone ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('userProfile.fields.email')}>{profile.email ?? ''}</Descriptions.Item>
      </Descriptions>
      <Form<ProfileValues> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={save}
        initialValues={{ nickname: profile.nickname, countryCode: profile.countryCode, timeZone: profile.timeZone }}>
        <Form.Item name="nickname" label={t('userProfile.fields.nickname')} rules={[{ required: true, whitespace: true, max: 30, message: t('personal.nicknameRule') }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="countryCode" label={t('userProfile.fields.countryCode')}>
          <Select showSearch optionFilterProp="label" onChange={() => form.setFieldValue('timeZone', undefined)}
            options={withCurrent(countries.map((c) => ({ value: c.code, label: c.label })), profile.countryCode)} />
        </Form.Item>
        <Form.Item name="timeZone" label={t('userProfile.fields.timeZone')}>
          <Select showSearch optionFilterProp="label"
            options={withCurrent(zones.map((z) => ({ value: z.timeZone, label: z.label })), profile.timeZone)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">{t('common.save')}</Button>
      </Form>
    </>
  );
}
