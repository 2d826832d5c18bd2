// The layout settings drawer behind the header's gear (000 section 2 "Main layout"): each choice
// applies at once and is remembered (settings.ts).
import { useState } from 'react';
import { Button, ColorPicker, Drawer, Radio, Switch } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { resetSettings, updateSettings, useLayoutSettings, type LayoutSettings } from './settings';

/** Preset colours beside the picker, the default first. */
const PRESET_COLORS = ['#0076fe', '#1677ff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#eb2f96'];

const SWITCHES = ['topNav', 'tagsView', 'fixedHeader', 'sidebarLogo', 'dynamicTitle'] as const satisfies readonly (keyof LayoutSettings)[];

export function SettingsDrawer() {
  const { t } = useTranslation();
  const settings = useLayoutSettings();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" icon={<SettingOutlined />} aria-label={t('layout.settings.title')} data-testid="layout-settings" onClick={() => setOpen(true)} />
      <Drawer title={t('layout.settings.title')} open={open} onClose={() => setOpen(false)} width={320}
        footer={<Button block onClick={resetSettings}>{t('layout.settings.reset')}</Button>}>
        <div className="layout-settings">
          <div className="layout-settings__row">
            <span id="layout-theme-color">{t('layout.settings.themeColor')}</span>
            <ColorPicker
              aria-labelledby="layout-theme-color"
              disabledAlpha
              value={settings.themeColor}
              presets={[{ label: t('layout.settings.presets'), colors: PRESET_COLORS }]}
              onChangeComplete={(color) => updateSettings({ themeColor: color.toHexString() })}
            />
          </div>
          <div className="layout-settings__row">
            <span id="layout-side-theme">{t('layout.settings.sideTheme')}</span>
            <Radio.Group aria-labelledby="layout-side-theme" optionType="button" size="small" value={settings.sideTheme}
              onChange={(e) => updateSettings({ sideTheme: e.target.value as LayoutSettings['sideTheme'] })}
              options={[{ value: 'light', label: t('layout.settings.light') }, { value: 'dark', label: t('layout.settings.dark') }]} />
          </div>
          {SWITCHES.map((name) => (
            <label key={name} className="layout-settings__row">
              <span>{t(`layout.settings.${name}`)}</span>
              <Switch checked={settings[name]} onChange={(checked) => updateSettings({ [name]: checked })} />
            </label>
          ))}
        </div>
      </Drawer>
    </>
  );
}
