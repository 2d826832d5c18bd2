// The display settings (settingsGetInfo, getSettingsRange, setUp): every choice comes from the
// server's range, with its labels in the user's language, so the form offers only values the
// server accepts; the layout switches are on or off. Saving sends the fields that changed and
// applies the answer at once (units, list size).
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Divider, Form, Select, Space, Spin, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '@/api/client';
import type { BodyOf, DataOf } from '@/api/contract-types';
import { useFormSave } from '@/api/form-errors';
import { applyDisplaySettings, type DisplaySettings } from '@/providers/display-settings';

type Range = DataOf<'getSettingsRange'>;
type Changes = BodyOf<'setUp'>;
type Values = Omit<DisplaySettings, 'updateTime'>;

/** Chosen from the range's lists, in this order. */
const LISTED = ['powerUnit', 'energyUnit', 'temperatureUnit', 'dateFormat', 'timeFormat', 'pageSize', 'defaultPage'] as const;
/** Shown as switches: 1 on, 0 off (alarmEmail: new major and critical alarms are e-mailed too). */
const SWITCHES = ['topNav', 'tagsView', 'fixedHeader', 'sidebarLogo', 'dynamicTitle', 'alarmEmail'] as const;

/** The fields whose values differ from those loaded: setUp changes only what it is sent. */
export function changedSettings(before: Values, after: Values): Changes {
  return Object.fromEntries(Object.entries(after).filter(([field, value]) => before[field as keyof Values] !== value)) as Changes;
}

function Swatch({ colour }: { colour: string }) {
  return <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, marginRight: 8, borderRadius: 2, background: colour, verticalAlign: 'middle' }} />;
}

export function SettingsForm() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<{ settings: Values; range: Range }>();
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [{ updateTime: _u, ...settings }, range] = await Promise.all([call('settingsGetInfo', { silent: true }), call('getSettingsRange', { silent: true })]);
      setLoaded({ settings, range });
      form.setFieldsValue(settings);
    } catch {
      setFailed(true);
    }
  }, [form]);
  // The labels are in the request's language: a new language asks again.
  useEffect(() => {
    void load();
  }, [load, i18n.language]);

  const { saving, run: save } = useFormSave(form, async (values: Values) => {
    const changes = changedSettings(loaded!.settings, values);
    if (Object.keys(changes).length) {
      const { updateTime: _u, ...saved } = applyDisplaySettings(await call('setUp', { body: changes, silent: true }));
      setLoaded({ settings: saved, range: loaded!.range });
      form.setFieldsValue(saved);
    }
    void message.success(t('userSettings.saved'));
  });

  if (failed) return <Alert type="error" showIcon message={t('userSettings.loadFailed')} />;
  if (!loaded) return <Spin />;
  const options = (field: keyof Range['options']) => (loaded.range.options[field] ?? []).map(({ value, label }) => ({ value, label }));
  const label = (field: string) => t(`userSettings.fields.${field}`);
  return (
    <Form<Values> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={save} data-testid="settings-form" initialValues={loaded.settings}>
      <Divider orientation="left" plain>{t('userSettings.units')}</Divider>
      {LISTED.map((field) => (
        <Form.Item key={field} name={field} label={label(field)}>
          <Select options={options(field)} showSearch={field === 'defaultPage'} optionFilterProp="label" />
        </Form.Item>
      ))}
      <Divider orientation="left" plain>{t('userSettings.layout')}</Divider>
      <Form.Item name="themeColor" label={label('themeColor')}>
        <Select options={options('themeColor').map((o) => ({ value: o.value, label: <span><Swatch colour={String(o.value)} />{o.label}</span>, title: o.label }))} />
      </Form.Item>
      <Form.Item name="sideTheme" label={label('sideTheme')}>
        <Select options={options('sideTheme')} />
      </Form.Item>
      {SWITCHES.map((field) => (
        <Form.Item key={field} name={field} label={label(field)}
          getValueProps={(value: number) => ({ checked: value === 1 })} normalize={(checked: boolean) => (checked ? 1 : 0)}>
          <Switch />
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">{t('userSettings.save')}</Button>
      </Space>
    </Form>
  );
}
